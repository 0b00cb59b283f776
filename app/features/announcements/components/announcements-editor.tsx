import { Megaphone, Plus, Save } from "lucide-react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Form } from "react-router";
import { focusFirstInvalid } from "../../../components/forms/focus.ts";
import { FormNotice } from "../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../components/forms/status-button.tsx";
import { toastNotice } from "../../../components/forms/toast-notice.ts";
import { Button } from "../../../components/ui/button.tsx";
import {
  fieldErrorsOf,
  saveFailedNotice,
  savedNotice,
  saveMessages,
  type FieldErrors,
} from "../../../lib/forms.ts";
import { useHydrated } from "../../../lib/use-hydrated.ts";
import {
  errorsByKey,
  hasChanges,
  newDraft,
  payloadOf,
  toDrafts,
  type Draft,
  type EditableAnnouncement,
  type SaveResult,
} from "../drafts.ts";
import {
  announcementFields,
  announcementMessages as M,
  announcementSchema,
  validateAnnouncementList,
  type AnnouncementField,
  type AnnouncementValues,
} from "../schema.ts";
import { AnnouncementCard } from "./announcement-card.tsx";
import { UnsavedChangesGuard } from "./unsaved-changes.tsx";

type ErrorsByKey = Record<string, FieldErrors<AnnouncementField>>;

const withKeys = (set: ReadonlySet<string>, keys: Iterable<string>) => new Set([...set, ...keys]);
const without = <T,>(record: Record<string, T>, key: string) => {
  const { [key]: _removed, ...rest } = record;
  return rest;
};

/**
 * 'Mitteilungen verwalten': a local copy of the list, edited card by card; 'Alle Änderungen
 * speichern' posts the whole list (JSON in a hidden field) to the route's action, which validates
 * it again and saves it in one transaction.
 */
export function AnnouncementsEditor({
  initial,
  today,
  result,
  saving,
}: {
  initial: EditableAnnouncement[];
  today: string;
  result: SaveResult | undefined;
  saving: boolean;
}) {
  const hydrated = useHydrated();
  const [saved, setSaved] = useState(() => toDrafts(initial));
  const [drafts, setDrafts] = useState(saved);
  const [editing, setEditing] = useState<ReadonlySet<string>>(() => new Set());
  const [errors, setErrors] = useState<ErrorsByKey>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const [submittedKeys, setSubmittedKeys] = useState<string[]>([]);
  const [handledResult, setHandledResult] = useState(result);
  const nextKey = useRef(1);
  const editorRef = useRef<HTMLDivElement>(null);
  const dirty = useMemo(() => hasChanges(drafts, saved), [drafts, saved]);

  // The action's answer replaces or annotates the local copy once, while rendering (no effect needed).
  if (result !== handledResult) {
    setHandledResult(result);
    if (result?.status === "saved") {
      const fresh = toDrafts(result.announcements);
      setSaved(fresh);
      setDrafts(fresh);
      setEditing(new Set());
      setErrors({});
      setFormError(undefined);
    } else if (result?.status === "invalid") {
      const byKey = errorsByKey(result.fieldErrors, submittedKeys);
      setErrors(byKey);
      setEditing((current) => withKeys(current, Object.keys(byKey)));
      setFormError(result.formError ?? saveMessages.fixMarked);
    }
  }

  useEffect(() => {
    if (result?.status === "saved") toastNotice(savedNotice(M.savedTitle));
    if (result?.status === "error") toastNotice(saveFailedNotice());
    if (result?.status === "invalid") focusFirstInvalid(editorRef.current);
  }, [result]);

  function update(key: string, changes: Partial<AnnouncementValues>) {
    setDrafts((current) => current.map((draft) => (draft.key === key ? { ...draft, ...changes } : draft)));
    const changed = Object.keys(changes) as AnnouncementField[];
    setErrors((current) => {
      const cardErrors = current[key];
      if (!cardErrors || !changed.some((field) => cardErrors[field])) return current;
      const remaining = Object.fromEntries(
        Object.entries(cardErrors).filter(([field]) => !changed.includes(field as AnnouncementField)),
      );
      return { ...current, [key]: remaining };
    });
  }

  function add() {
    const key = `neu-${nextKey.current++}`;
    flushSync(() => {
      setDrafts((current) => [newDraft(key), ...current]);
      setEditing((current) => withKeys(current, [key]));
    });
    document.getElementById(`${key}-title`)?.focus();
  }

  function toggleEdit(draft: Draft) {
    if (!editing.has(draft.key)) {
      setEditing((current) => withKeys(current, [draft.key]));
      return;
    }
    // 'Fertig' closes the card only when it is valid; otherwise its messages show right there.
    const parsed = announcementSchema.safeParse(draft);
    if (!parsed.success) {
      flushSync(() =>
        setErrors((current) => ({
          ...current,
          [draft.key]: fieldErrorsOf(parsed.error, announcementFields),
        })),
      );
      focusFirstInvalid(editorRef.current);
      return;
    }
    setErrors((current) => without(current, draft.key));
    setEditing((current) => new Set([...current].filter((key) => key !== draft.key)));
  }

  function remove(key: string) {
    const index = drafts.findIndex((draft) => draft.key === key);
    const neighbour = drafts[index + 1] ?? drafts[index - 1];
    flushSync(() => {
      setDrafts((current) => current.filter((draft) => draft.key !== key));
      setErrors((current) => without(current, key));
    });
    // Keyboard users continue at the next card instead of the top of the page.
    (neighbour
      ? document.getElementById(`${neighbour.key}-card`)
      : document.getElementById("neue-mitteilung")
    )?.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    const validation = validateAnnouncementList(payloadOf(drafts));
    if (validation.success) {
      setSubmittedKeys(drafts.map((draft) => draft.key));
      setFormError(undefined);
      return;
    }
    event.preventDefault();
    const byKey = errorsByKey(
      validation.fieldErrors,
      drafts.map((draft) => draft.key),
    );
    flushSync(() => {
      setErrors(byKey);
      setEditing((current) => withKeys(current, Object.keys(byKey)));
      setFormError(validation.formError ?? saveMessages.fixMarked);
    });
    focusFirstInvalid(editorRef.current);
  }

  // Until the editor has hydrated its buttons are kept pressed by the early-input script (decision 0029);
  // saving waits for hydration, as nothing can have changed before it.
  const locked = saving;
  return (
    <div ref={editorRef} className="space-y-6">
      <p className="max-w-3xl text-sm text-muted">
        Änderungen, neue und gelöschte Mitteilungen werden erst mit „Alle Änderungen speichern“ übernommen.
        Gäste sehen nur aktive Mitteilungen, die nicht abgelaufen sind.
      </p>
      {/* Not removed by hydration, which would move every button under a press (decision 0029). */}
      <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 scripting:hidden">
        Zum Bearbeiten der Mitteilungen wird JavaScript benötigt.
      </p>

      {/* Multipart: the list travels as UTF-8, not percent-encoded (a third of the size with umlauts). */}
      <Form
        method="post"
        encType="multipart/form-data"
        onSubmit={submit}
        className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4 shadow-sm sm:flex-row sm:flex-wrap sm:items-center"
      >
        <input type="hidden" name="announcements" value={JSON.stringify(payloadOf(drafts))} readOnly />
        <Button
          id="neue-mitteilung"
          variant="outline"
          onClick={add}
          disabled={locked}
          className="noscript:hidden"
        >
          <Plus aria-hidden="true" />
          Neue Mitteilung
        </Button>
        <StatusButton
          status={saving ? "pending" : "idle"}
          pendingText={saveMessages.saving}
          icon={<Save aria-hidden="true" />}
          disabled={!hydrated || saving}
        >
          Alle Änderungen speichern
        </StatusButton>
        <p aria-live="polite" className="text-sm font-medium text-amber-900 sm:ml-auto">
          {dirty ? "Ungespeicherte Änderungen" : ""}
        </p>
      </Form>
      {formError ? (
        <FormNotice tone="error" className="font-medium">
          {formError}
        </FormNotice>
      ) : null}

      {drafts.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
          <Megaphone className="size-10 text-stone-400" aria-hidden="true" />
          <p className="font-medium">Noch keine Mitteilungen vorhanden</p>
          <p className="text-sm text-muted">Mit „Neue Mitteilung“ legen Sie die erste an.</p>
        </div>
      ) : (
        <ul className="space-y-4" aria-label="Mitteilungen">
          {drafts.map((draft) => (
            <li key={draft.key}>
              <AnnouncementCard
                draft={draft}
                editing={editing.has(draft.key)}
                errors={errors[draft.key] ?? {}}
                today={today}
                disabled={locked}
                actions={{
                  onChange: (changes) => update(draft.key, changes),
                  onToggleActive: () => update(draft.key, { is_active: !draft.is_active }),
                  onToggleEdit: () => toggleEdit(draft),
                  onRemove: () => remove(draft.key),
                }}
              />
            </li>
          ))}
        </ul>
      )}
      <UnsavedChangesGuard dirty={dirty} />
    </div>
  );
}

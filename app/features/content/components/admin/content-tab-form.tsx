import { LoaderCircle, Save } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { useFetcher } from "react-router";
import { focusFirstInvalid } from "../../../../components/forms/focus.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../../components/forms/status-button.tsx";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { useIsPending } from "../../../../components/forms/use-is-pending.ts";
import {
  saveFailedNotice,
  savedNotice,
  saveMessages,
  withoutErrorsWithin,
  type FieldErrors,
  type Notice,
} from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import {
  applyListAction,
  BLOCK_FIELD,
  getAt,
  INTENT_FIELD,
  readDraft,
  SAVE_INTENT,
  setAt,
  validateDraft,
  type ContentSubmission,
  type ContentTab,
  type DraftObject,
  type ListAction,
  type TabId,
} from "../../content-form.ts";
import { ContentField, fieldId, listButtonId, type FormModel } from "./content-fields.tsx";
import { tabFields } from "./tab-fields.ts";

/** What staff are told after a submission of a tab (decision 0015); nothing for a list button's answer. */
export function noticeOf(result: ContentSubmission): Notice | undefined {
  switch (result.status) {
    case "saved":
      return savedNotice("Inhalt gespeichert");
    case "invalid":
    case "failed":
      return saveFailedNotice();
    case "bad-request":
    case "unexpected":
      return saveFailedNotice(saveMessages.unexpectedDescription);
    case "edited":
      return undefined;
  }
}

/**
 * One tab's form. It keeps its own input while other tabs are shown, validates with the tab's schema
 * before sending, and posts through a fetcher, so each tab has its own 'Speichere...' state. Without
 * JavaScript it is a plain form whose result the page shows inline.
 */
export function ContentTabForm({
  tab,
  saved,
  initialResult,
  action,
  pageLoading,
}: {
  tab: ContentTab & { id: TabId };
  /** The tab's content as stored (or its defaults). */
  saved: DraftObject;
  /** The action's answer to a submission without JavaScript, if it was for this tab. */
  initialResult: ContentSubmission | undefined;
  action: string;
  /** The page's content is being loaded again. */
  pageLoading: boolean;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<ContentSubmission>();
  const formRef = useRef<HTMLFormElement>(null);
  const saveButtonRef = useRef<HTMLButtonElement>(null);
  const fields = tabFields[tab.id];
  const [draft, setDraft] = useState<DraftObject>(() =>
    initialResult && "values" in initialResult ? initialResult.values : saved,
  );
  const [errors, setErrors] = useState<FieldErrors>(() =>
    initialResult?.status === "invalid" ? initialResult.fieldErrors : {},
  );

  // A fetcher answer is taken over once, when the save (and the reload after it) is finished.
  const [handled, setHandled] = useState(fetcher.data);
  if (fetcher.state === "idle" && fetcher.data !== handled) {
    setHandled(fetcher.data);
    if (fetcher.data?.status === "saved") {
      setDraft(fetcher.data.values);
      setErrors({});
    } else if (fetcher.data?.status === "invalid") {
      setErrors(fetcher.data.fieldErrors);
    }
  }

  useEffect(() => {
    if (!handled) return;
    const notice = noticeOf(handled);
    if (notice) toastNotice(notice);
    if (handled.status === "invalid") focusFirstInvalid(formRef.current);
    // The save button was disabled while saving, which took the focus away; give it back.
    else if (document.activeElement === null || document.activeElement === document.body)
      saveButtonRef.current?.focus();
  }, [handled]);

  const model: FormModel = {
    tab: tab.id,
    draft,
    errors,
    setField: (path, value) => setDraft((current) => setAt(current, path, value)),
    runListAction: (listAction: ListAction) => runListAction(listAction),
    listMax: (list) => tab.lists[list]?.max ?? 0,
  };

  function runListAction(listAction: ListAction) {
    const next = applyListAction(tab, draft, listAction);
    flushSync(() => {
      setDraft(next);
      setErrors((current) => withoutErrorsWithin(current, listAction.list));
    });
    // Keep the keyboard where the change happened.
    const { kind, list, index } = listAction;
    const items = getAt(next, list);
    const length = Array.isArray(items) ? items.length : 0;
    const byId = (id: string) => document.getElementById(id);
    const firstFieldOf = (position: number) =>
      byId(fieldId(tab.id, `${list}.${position}`)) ??
      formRef.current?.querySelector<HTMLElement>(`[name^="${list}.${position}."]`);
    let target: HTMLElement | null | undefined;
    if (kind === "add") target = firstFieldOf(length - 1);
    else if (kind === "remove")
      target =
        length > 0 ? firstFieldOf(Math.min(index, length - 1)) : byId(listButtonId(tab.id, list, "add"));
    else {
      const moved = kind === "up" ? index - 1 : index + 1;
      const same = byId(listButtonId(tab.id, list, kind, moved)) as HTMLButtonElement | null;
      target =
        same && !same.disabled
          ? same
          : byId(listButtonId(tab.id, list, kind === "up" ? "down" : "up", moved));
    }
    target?.focus();
  }

  function validateBeforeSubmit(event: FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const validation = validateDraft(tab, readDraft(tab, new FormData(form)));
    if (validation.success) {
      setErrors({});
      return;
    }
    event.preventDefault();
    flushSync(() => setErrors(validation.errors));
    toastNotice(saveFailedNotice());
    focusFirstInvalid(form);
  }

  const saving = useIsPending({ fetcher, intent: SAVE_INTENT, state: "submitting" });
  const reloading = fetcher.state === "loading" || pageLoading;
  const busy = fetcher.state !== "idle";
  const titleId = `${tab.id}-title`;

  return (
    <fetcher.Form
      ref={formRef}
      method="post"
      action={action}
      noValidate
      onSubmit={validateBeforeSubmit}
      aria-labelledby={titleId}
      aria-busy={busy || pageLoading}
      className="rounded-lg border border-stone-200 bg-white shadow-sm"
    >
      <input type="hidden" name={BLOCK_FIELD} value={tab.id} />
      {/* Enter in a text field submits with the first submit button: that must be 'Speichern', not a list button. */}
      <button type="submit" name={INTENT_FIELD} value={SAVE_INTENT} hidden tabIndex={-1} disabled={busy} />
      <div className="flex flex-col gap-3 border-b border-stone-200 p-5 md:flex-row md:items-start md:justify-between md:p-6">
        <div>
          <h2 id={titleId} className="font-sans text-xl font-semibold">
            {fields.title}
          </h2>
          <p className="mt-1 text-sm text-muted">{fields.description}</p>
        </div>
        <p role="status" className="flex items-center gap-2 text-sm font-medium text-muted">
          {reloading ? (
            <>
              <LoaderCircle className="size-4 motion-safe:animate-spin" aria-hidden="true" />
              Lade Inhalt...
            </>
          ) : null}
        </p>
      </div>
      {!hydrated ? <ResultWithoutJavaScript result={initialResult} /> : null}
      <fieldset disabled={busy} className="min-w-0">
        <legend className="sr-only">{fields.title}</legend>
        {fields.sections.map((section, index) => {
          const sectionId = `${tab.id}-section-${index}`;
          return (
            <section
              key={section.title}
              aria-labelledby={sectionId}
              className="border-b border-stone-200 p-5 last:border-b-0 md:p-6"
            >
              <h3 id={sectionId} className="font-sans text-base font-semibold">
                {section.title}
              </h3>
              {section.description ? <p className="mt-1 text-sm text-muted">{section.description}</p> : null}
              <div className="mt-4 grid gap-5 md:grid-cols-2">
                {section.fields.map((field) => (
                  <ContentField key={field.name} model={model} spec={field} />
                ))}
              </div>
            </section>
          );
        })}
      </fieldset>
      <div className="flex justify-end rounded-b-lg border-t border-stone-200 bg-stone-50 p-4 md:px-6">
        <StatusButton
          ref={saveButtonRef}
          name={INTENT_FIELD}
          value={SAVE_INTENT}
          status={saving ? "pending" : "idle"}
          pendingText={saveMessages.saving}
          icon={<Save aria-hidden="true" />}
          disabled={busy}
        >
          Speichern
        </StatusButton>
      </div>
    </fetcher.Form>
  );
}

/** Without JavaScript there are no toasts: the answer to the last submission shows in the form. */
function ResultWithoutJavaScript({ result }: { result: ContentSubmission | undefined }) {
  // Only what the server itself answered: a refusal of the tab or a save, not a list button's answer.
  const notice =
    result?.status === "saved" || result?.status === "invalid" || result?.status === "failed"
      ? noticeOf(result)
      : undefined;
  return notice ? <NoticeInPage notice={notice} className="m-5 md:m-6" /> : null;
}

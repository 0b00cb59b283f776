import { Save } from "lucide-react";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { flushSync } from "react-dom";
import { Form, Link } from "react-router";
import { OwnersOnlyNote } from "../../../../components/admin/owners-only-note.tsx";
import { Panel } from "../../../../components/admin/panel.tsx";
import { Field, SelectField } from "../../../../components/forms/field.tsx";
import { focusFirstInvalid } from "../../../../components/forms/focus.ts";
import { NoticeInPage } from "../../../../components/forms/form-notice.tsx";
import { StatusButton } from "../../../../components/forms/status-button.tsx";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { useIsPending } from "../../../../components/forms/use-is-pending.ts";
import {
  INTENT_FIELD,
  saveFailedNotice,
  saveMessages,
  withoutErrorsWithin,
  type FieldErrors,
} from "../../../../lib/forms.ts";
import { useHydrated } from "../../../../lib/use-hydrated.ts";
import { MAX_STAFF_PARTY_SIZE, OBSERVED_AFTER, type ObservedStays } from "../../book/index.ts";
import {
  applyListEdit,
  readSettingsDraft,
  type ListEdit,
  type SettingsList,
  type SettingsResult,
} from "../settings-form.ts";
import {
  AREA_WISH_ON,
  autoConfirmLabel,
  REMINDER_HOURS,
  NOTES_ERASE_OPTIONS,
  ANONYMISE_OPTIONS,
  daysLabel,
  reminderLabel,
  HORIZON_OPTIONS,
  LEAD_OPTIONS,
  monthsLabel,
  settingsLabels as L,
  settingsMessages as M,
  validateSettings,
  type SettingsDraft,
} from "../settings-schema.ts";
import { firstFieldOf, listButtonId, rowFieldId, SettingsRows } from "./settings-lists.tsx";

/**
 * 'Reservierungseinstellungen' (README, 'Reservierungseinstellungen'): every staff member sees the
 * settings, owners change them. One plain form: it saves without JavaScript too, and once the
 * scripts run it checks with the same schema before sending and answers with a toast.
 */
export function SettingsScreen({
  saved,
  seats,
  seatsFromTables = false,
  canChange,
  today,
  result,
  observed,
}: {
  /** The settings as stored, as the form shows them. */
  saved: SettingsDraft;
  /** 'Noch keine Plätze festgelegt' or '10 Plätze, davon 6 online'. */
  seats: string;
  /** Tables are drawn: their seats are the restaurant's, shown instead of the two inputs (decision 0053). */
  seatsFromTables?: boolean;
  canChange: boolean;
  today: string;
  result: SettingsResult | undefined;
  /** The turn times the evenings showed (decision 0057); none: too few parties yet. */
  observed?: ObservedStays | undefined;
}) {
  const hydrated = useHydrated();
  const formRef = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<SettingsDraft>(() => result?.values ?? saved);
  const [errors, setErrors] = useState<FieldErrors>(() => result?.fieldErrors ?? {});

  // Each answer is taken over once: its values (as saved, or as typed when refused) and messages.
  const [handled, setHandled] = useState(result?.resultId);
  if (result && result.resultId !== handled) {
    setHandled(result.resultId);
    if (result.values) setDraft(result.values);
    setErrors(result.fieldErrors ?? {});
  }
  const toasted = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!result || toasted.current === result.resultId) return;
    toasted.current = result.resultId;
    if (result.notice) toastNotice(result.notice);
    if (result.outcome === "invalid") focusFirstInvalid(formRef.current);
  }, [result]);

  const set = (change: (current: SettingsDraft) => SettingsDraft) => setDraft(change);
  const scalar = (name: Exclude<keyof SettingsDraft, "stayMinutes" | "closures" | "exceptions">) => ({
    name,
    value: draft[name],
    onChange: (event: { target: { value: string } }) =>
      set((current) => ({ ...current, [name]: event.target.value })),
  });
  const stay = (size: keyof SettingsDraft["stayMinutes"]) => ({
    name: `stayMinutes.${size}`,
    value: draft.stayMinutes[size],
    inputMode: "numeric" as const,
    onChange: (event: { target: { value: string } }) =>
      set((current) => ({ ...current, stayMinutes: { ...current.stayMinutes, [size]: event.target.value } })),
  });

  function editList(edit: ListEdit) {
    const next = applyListEdit(draft, edit);
    flushSync(() => {
      setDraft(next);
      setErrors((current) => withoutErrorsWithin(current, edit.list));
    });
    // Keep the keyboard where the change happened: on the new row, on the row that took the removed
    // one's place, or on the add button when none did.
    const length = next[edit.list].length;
    const row = edit.kind === "add" ? length - 1 : edit.index;
    const target =
      row < length ? document.getElementById(rowFieldId(edit.list, row, firstFieldOf(edit.list))) : null;
    (target ?? document.getElementById(listButtonId(edit.list, "add")))?.focus();
  }

  function changeRow(list: SettingsList, index: number, field: string, value: string) {
    set((current) => ({
      ...current,
      [list]: current[list].map((row, at) => (at === index ? { ...row, [field]: value } : row)),
    }));
  }

  function checkBeforeSending(event: FormEvent<HTMLFormElement>) {
    // 'Übernehmen' of an observed stay saves that stay alone: what else is typed is not checked.
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (submitter instanceof HTMLButtonElement && submitter.value.startsWith("take-stay:")) return;
    const validation = validateSettings(readSettingsDraft(new FormData(event.currentTarget)), today);
    if (validation.success) return setErrors({});
    event.preventDefault();
    flushSync(() => setErrors(validation.fieldErrors));
    toastNotice(saveFailedNotice(saveMessages.fixMarked));
    focusFirstInvalid(event.currentTarget);
  }

  const saving = useIsPending({ intent: "save" });
  const largest = Number(draft.largestOnlineParty);
  const autoConfirmMax = Math.max(
    Number.isInteger(largest) ? Math.min(Math.max(largest, 1), MAX_STAFF_PARTY_SIZE) : 1,
    Number(draft.autoConfirmUpTo) || 0,
  );
  type Scalar = Parameters<typeof scalar>[0];
  const numberField = (name: Scalar, description: string, { optional = false } = {}) => (
    <Field
      label={L[name]}
      optional={optional}
      description={description}
      errors={errors[name]}
      inputProps={{ inputMode: "numeric", autoComplete: "off", ...scalar(name) }}
    />
  );
  const choiceField = (
    name: Scalar,
    description: string,
    options: ReadonlyArray<{ value: string; label: string }>,
  ) => (
    <SelectField
      label={L[name]}
      description={description}
      errors={errors[name]}
      options={options}
      selectProps={scalar(name)}
    />
  );

  return (
    <Form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={canChange ? checkBeforeSending : undefined}
      className="space-y-6"
      aria-label="Reservierungseinstellungen"
    >
      {canChange ? (
        // Enter in a field sends the first submit button: 'Speichern', not a list button.
        <button type="submit" name={INTENT_FIELD} value="save" hidden tabIndex={-1} />
      ) : (
        <OwnersOnlyNote text={M.ownersOnly} />
      )}
      {!hydrated && result?.notice ? <NoticeInPage notice={result.notice} /> : null}
      <fieldset disabled={!canChange} className="min-w-0 space-y-6">
        <legend className="sr-only">Reservierungseinstellungen</legend>
        <Panel id="settings-seats" title="Plätze">
          <p className="text-sm font-medium">
            {seats}
            {seats === M.noSeats ? " – jede Anfrage wird angenommen, bis Sie Plätze eintragen." : null}
          </p>
          {seatsFromTables ? (
            <p className="text-sm">
              {M.seatsFromTables}{" "}
              <Link to="/admin/tischplan" className="font-medium text-brand-700 underline underline-offset-2">
                Zum Tischplan
              </Link>
            </p>
          ) : (
            <div className="grid gap-5 md:grid-cols-2">
              {numberField(
                "totalSeats",
                "Alle Plätze im Restaurant, drinnen und draußen. Leer lassen: keine Grenze.",
                { optional: true },
              )}
              {numberField(
                "onlineSeats",
                "So viele Plätze dürfen Gäste über die Website belegen; der Rest bleibt für Telefon und Laufkundschaft. Leer lassen: keine Grenze.",
                { optional: true },
              )}
            </div>
          )}
        </Panel>

        <Panel id="settings-booking" title="Buchung">
          <fieldset className="min-w-0">
            <legend className="text-sm font-medium">{L.stay} (Minuten)</legend>
            <p className="mt-1 text-sm text-muted">
              So lange hält eine Gruppe ihre Plätze, danach sind sie wieder frei. Höchstens 12 Stunden.
            </p>
            <div className="mt-3 grid gap-5 sm:grid-cols-3">
              <Field label={L.staySmall} errors={errors["stayMinutes.small"]} inputProps={stay("small")} />
              <Field label={L.stayMedium} errors={errors["stayMinutes.medium"]} inputProps={stay("medium")} />
              <Field label={L.stayLarge} errors={errors["stayMinutes.large"]} inputProps={stay("large")} />
            </div>
            <ObservedStaysNote observed={observed} saved={saved} canChange={canChange} />
          </fieldset>
          <div className="grid gap-5 md:grid-cols-2">
            {numberField(
              "arrivalsPerSlot",
              "Höchstens so viele Gäste kommen zur selben Uhrzeit an, damit Küche und Service nachkommen. Leer lassen: keine Grenze.",
              { optional: true },
            )}
            {numberField(
              "largestOnlineParty",
              "Das Formular bietet bis zu dieser Personenzahl an; größere Gruppen bitten wir anzurufen.",
            )}
            {choiceField(
              "leadMinutes",
              "So lange vorher ist eine Uhrzeit online noch buchbar.",
              LEAD_OPTIONS.map((option) => ({ value: String(option.minutes), label: option.label })),
            )}
            {choiceField(
              "horizonMonths",
              "So weit im Voraus nehmen Sie Anfragen an.",
              HORIZON_OPTIONS.map((months) => ({
                value: String(months),
                label: monthsLabel(months),
              })),
            )}
            {choiceField(
              "autoConfirmUpTo",
              "Anfragen bis zu dieser Personenzahl, die in alle Regeln passen, werden ohne Ihre Prüfung bestätigt. Aus: Sie bestätigen jede Anfrage selbst.",
              [
                { value: "", label: autoConfirmLabel(null) },
                ...Array.from({ length: autoConfirmMax }, (_, index) => ({
                  value: String(index + 1),
                  label: autoConfirmLabel(index + 1),
                })),
              ],
            )}
          </div>
        </Panel>

        <Panel id="settings-guests" title="Gäste">
          <div className="grid gap-5 md:grid-cols-2">
            {choiceField(
              "reminderHour",
              "Gäste mit bestätigter Reservierung bekommen am Tag davor eine E-Mail mit ihrem Link und „Ich komme“ – nicht, wer weniger als 24 Stunden vorher gebucht hat.",
              [null, ...REMINDER_HOURS].map((hour) => ({
                value: hour === null ? "" : String(hour),
                label: reminderLabel(hour),
              })),
            )}
            {choiceField(
              "areaWish",
              "An: Gäste können im Formular einen Bereich des Tischplans wählen (z. B. Innenraum oder Terrasse), und die freien Uhrzeiten richten sich danach. Erscheint, sobald mindestens zwei Bereiche online buchbar sind.",
              [
                { value: "", label: "Aus" },
                { value: AREA_WISH_ON, label: "An" },
              ],
            )}
          </div>
        </Panel>

        <Panel id="settings-privacy" title="Datenschutz">
          <p className="text-sm text-muted">
            Die Datenschutzerklärung nennt die Fristen, die hier eingestellt sind. Gesendete E-Mails werden 30
            Tage nach dem Versand gelöscht, fehlgeschlagene 90 Tage nach dem Schreiben.
          </p>
          <div className="grid gap-5 md:grid-cols-2">
            {choiceField(
              "notesEraseDays",
              "Nach dem Reservierungstag. Angaben zu Allergien sind Gesundheitsdaten (Art. 9 DSGVO) und werden nur so lange gespeichert, wie der Besuch sie braucht (Art. 5 Abs. 1 lit. c und e DSGVO).",
              NOTES_ERASE_OPTIONS.map((days) => ({ value: String(days), label: daysLabel(days) })),
            )}
            {choiceField(
              "anonymiseAfterMonths",
              "Nach dem Reservierungstag werden Name, E-Mail-Adresse, Telefonnummer, Wünsche und die E-Mails zur Reservierung gelöscht (Speicherbegrenzung, Art. 5 Abs. 1 lit. e DSGVO); Datum, Uhrzeit, Personenzahl, Status und Herkunft bleiben für die Statistik.",
              ANONYMISE_OPTIONS.map((months) => ({ value: String(months), label: monthsLabel(months) })),
            )}
          </div>
        </Panel>

        <Panel id="settings-days" title="Schließtage und Ausnahmen">
          {(["closures", "exceptions"] as const).map((list) => (
            <SettingsRows
              key={list}
              list={list}
              rows={draft[list]}
              errors={errors}
              canChange={canChange}
              onEdit={hydrated ? editList : undefined}
              onChange={changeRow}
            />
          ))}
        </Panel>
      </fieldset>
      {canChange ? (
        <div className="flex justify-end">
          <StatusButton
            name={INTENT_FIELD}
            value="save"
            status={saving ? "pending" : "idle"}
            pendingText={saveMessages.saving}
            icon={<Save aria-hidden="true" />}
          >
            Speichern
          </StatusButton>
        </div>
      ) : null}
    </Form>
  );
}

const STAY_LABELS = { small: L.staySmall, medium: L.stayMedium, large: L.stayLarge } as const;

/**
 * The turn times the evenings showed next to the configured ones ('1–2 Personen: eingestellt 90 Min.,
 * tatsächlich 84 Min.', decision 0057), each with 'Übernehmen' for owners: a button of the settings'
 * form that saves that stay alone.
 */
function ObservedStaysNote({
  observed,
  saved,
  canChange,
}: {
  observed: ObservedStays | undefined;
  saved: SettingsDraft;
  canChange: boolean;
}) {
  const known = (["small", "medium", "large"] as const).flatMap((size) => {
    const median = observed?.[size].median;
    return median === undefined ? [] : [{ size, median }];
  });
  if (known.length === 0) return null;
  return (
    <div className="mt-4 space-y-2 rounded-md border border-stone-300 bg-stone-50 p-3">
      <ul className="space-y-2">
        {known.map(({ size, median }) => (
          <li key={size} className="flex flex-wrap items-center gap-3">
            <span>{M.observedStay(STAY_LABELS[size], saved.stayMinutes[size], median)}</span>
            {canChange && String(median) !== saved.stayMinutes[size] ? (
              <button
                type="submit"
                name={INTENT_FIELD}
                value={`take-stay:${size}`}
                formNoValidate
                className="min-h-11 rounded-md border border-stone-400 bg-white px-3 text-sm font-medium hover:bg-stone-100"
                aria-label={M.takeObservedStayLabel(STAY_LABELS[size], median)}
              >
                {M.takeObservedStay}
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="text-sm text-muted">{M.observedStayNote(OBSERVED_AFTER)}</p>
    </div>
  );
}

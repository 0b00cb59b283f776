import { useRef, useState } from "react";
import { Form } from "react-router";
import { Field, SelectField, TextareaField } from "../../../../components/forms/field.tsx";
import { FormNotice } from "../../../../components/forms/form-notice.tsx";
import { FormActions } from "../../../../components/forms/form-actions.tsx";
import { useClientCheck } from "../../../../components/forms/use-client-check.ts";
import { useIsPending } from "../../../../components/forms/use-is-pending.ts";
import { Button } from "../../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.tsx";
import { fieldErrorsOf, INTENT_FIELD, saveMessages, type FieldErrors } from "../../../../lib/forms.ts";
import { formatBerlinDate, formatDate } from "../../../../lib/format.ts";
import {
  adminMessages as A,
  MAX_STAFF_PARTY_SIZE,
  OVERBOOK_FIELD,
  OVERBOOK_YES,
  RESERVATION_STATUSES,
  reservationLimits as L,
  STAFF_DEFAULTS,
  statusLabels,
  type InfoTitle,
} from "../../book/index.ts";
import { staffFields, staffReservationSchema, type StaffField } from "../../book/index.ts";
import type { AdminResultExtra } from "../../book/index.ts";
import type { ReservationRow } from "./reservation-card.tsx";
import { staffSeatsLines, type StaffSeats } from "../../availability/index.ts";
import { useStaffSeats, type StaffSeatsQuestion } from "../../availability/index.ts";
import { cn } from "../../../../lib/utils.ts";

/**
 * The staff form's note on free seats at the chosen date, time and party size (decision 0037):
 * polite, so a screen reader reads it when typing pauses without interrupting.
 */
export function StaffSeatsNote({ seats }: { seats: StaffSeats | undefined }) {
  const lines = staffSeatsLines(seats);
  const full = seats?.kind === "full";
  return (
    <div
      aria-live="polite"
      data-staff-seats={seats?.kind ?? ""}
      className={cn(
        "min-h-5 text-sm",
        lines.length === 0 ? "" : "rounded-md border px-3 py-2",
        full ? "border-amber-600 bg-amber-50 text-amber-950" : "border-stone-200 bg-stone-50 text-stone-800",
      )}
    >
      {lines.map((line) => (
        <p key={line} className={cn(full && line.startsWith("Ausgebucht") && "font-semibold")}>
          {line}
        </p>
      ))}
    </div>
  );
}

/** The question 'Überbucht: … Trotzdem speichern?' an answer carries (decision 0031). */
export type OverbookingAnswer = NonNullable<AdminResultExtra["overbooking"]>;

/** The question's form: every value sent before, with the override. A plain post, without JavaScript too. */
function ResendForm({ question, children }: { question: OverbookingAnswer; children: React.ReactNode }) {
  return (
    <Form method="post" className="mt-2">
      {Object.entries(question.values).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/** Without JavaScript: the question in the page, above the list, with its button. */
export function OverbookingInPage({ question }: { question: OverbookingAnswer }) {
  return (
    <FormNotice tone="error" title={question.title ?? A.overbookedTitle}>
      <p>{question.message}</p>
      <ResendForm question={question}>
        <Button type="submit">{question.confirm ?? A.overbookAnyway}</Button>
      </ResendForm>
    </FormNotice>
  );
}

/** The question after a change of status (the drop-down, 'Bestätigen'): a dialog with 'Abbrechen'. */
export function OverbookingDialog({
  question,
  onClose,
}: {
  question: OverbookingAnswer | undefined;
  onClose: () => void;
}) {
  const pending = useIsPending({ intent: question?.values[INTENT_FIELD] ?? "status" });
  return (
    <Dialog open={question !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>{question?.title ?? A.overbookedTitle}</DialogTitle>
          <DialogDescription className="text-base text-ink">{question?.message}</DialogDescription>
        </DialogHeader>
        {question ? (
          <ResendForm question={question}>
            <FormActions onCancel={onClose} pending={pending} pendingText={saveMessages.saving}>
              {question.confirm ?? A.overbookAnyway}
            </FormActions>
          </ResendForm>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

/** The form of '+ Neue Reservierung' and 'Reservierung Bearbeiten' (decision 0017), in a dialog. */
export function ReservationFormDialog({
  open,
  onOpenChange,
  reservation,
  defaultDate,
  serverErrors,
  question,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The reservation to edit; none for a new one. */
  reservation?: ReservationRow;
  /** A new reservation's date: the date the list shows. */
  defaultDate: string;
  serverErrors: FieldErrors<StaffField> | undefined;
  /**
   * The server's question 'Überbucht: … Trotzdem speichern?' about this form (decision 0031), with the
   * answer's id: shown above the buttons until a field changes; its button sends the form as it
   * stands with the override.
   */
  question?: { message: string; id: string } | undefined;
}) {
  const [changedAfter, setChangedAfter] = useState<string | undefined>();
  const asking = question !== undefined && question.id !== changedAfter ? question : undefined;
  const editing = reservation !== undefined;
  const intent = editing ? "update" : "create";
  const pending = useIsPending({ intent });
  const { clientErrors, setClientErrors, check } = useClientCheck((values) => {
    const parsed = staffReservationSchema.safeParse(
      Object.fromEntries(staffFields.map((field) => [field, String(values.get(field) ?? "")])),
    );
    return parsed.success ? undefined : fieldErrorsOf(parsed.error, staffFields);
  });
  const errors = clientErrors ?? serverErrors ?? {};
  const formRef = useRef<HTMLFormElement>(null);
  // What the form holds now, for the free seats' note (decision 0037); the fields stay uncontrolled.
  // Until staff type, the fields' first values; forgotten when the dialog closes, as its fields are.
  const [typed, setTyped] = useState<StaffSeatsQuestion | undefined>();
  if (!open && typed !== undefined) setTyped(undefined);
  const asked: StaffSeatsQuestion = typed ?? {
    date: reservation?.reservation_date ?? defaultDate,
    time: reservation?.reservation_time ?? STAFF_DEFAULTS.time,
    party: String(reservation?.party_size ?? STAFF_DEFAULTS.partySize),
    except: reservation?.id,
  };
  const seats = useStaffSeats(asked, open);
  const readAsked = (form: HTMLFormElement) => {
    const values = new FormData(form);
    const text = (name: string) => String(values.get(name) ?? "");
    const next = {
      date: text("date"),
      time: text("time"),
      party: text("party_size"),
    };
    if (next.date !== asked.date || next.time !== asked.time || next.party !== asked.party)
      setTyped({ ...next, except: reservation?.id });
  };

  const value = <K extends keyof ReservationRow>(key: K) => reservation?.[key];
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setClientErrors(undefined);
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? "Reservierung Bearbeiten" : "Neue Reservierung"}</DialogTitle>
          <DialogDescription>
            {editing
              ? `Angefragt am ${formatBerlinDate(reservation.created_at)}. Pflichtfelder sind mit * markiert.`
              : "Eine Reservierung, die Sie selbst eintragen (z. B. nach einem Anruf). Pflichtfelder sind mit * markiert."}
          </DialogDescription>
        </DialogHeader>
        <Form
          method="post"
          ref={formRef}
          onSubmit={check}
          onChange={(event) => {
            setChangedAfter(question?.id);
            readAsked(event.currentTarget);
          }}
          noValidate
          className="space-y-4"
        >
          <input type="hidden" name={INTENT_FIELD} value={intent} />
          {editing ? (
            <>
              <input type="hidden" name="id" value={reservation.id} />
              <input type="hidden" name="updated_at" value={reservation.updated_at} />
            </>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label="Name *"
              errors={errors.name}
              inputProps={{
                name: "name",
                required: true,
                maxLength: L.name,
                defaultValue: value("customer_name"),
                autoComplete: "off",
              }}
            />
            <Field
              label="E-Mail"
              errors={errors.email}
              inputProps={{
                name: "email",
                type: "email",
                maxLength: L.email,
                defaultValue: value("email") ?? "",
                autoComplete: "off",
              }}
            />
            <Field
              label="Telefon"
              errors={errors.phone}
              inputProps={{
                name: "phone",
                type: "tel",
                maxLength: L.phone,
                defaultValue: value("phone_number") ?? "",
                autoComplete: "off",
              }}
            />
            <Field
              label="Datum *"
              errors={errors.date}
              inputProps={{
                name: "date",
                type: "date",
                required: true,
                defaultValue: value("reservation_date") ?? defaultDate,
              }}
            />
            <Field
              label="Uhrzeit *"
              errors={errors.time}
              inputProps={{
                name: "time",
                type: "time",
                required: true,
                step: 300,
                defaultValue: value("reservation_time") ?? STAFF_DEFAULTS.time,
              }}
            />
            <Field
              label="Personen *"
              errors={errors.party_size}
              inputProps={{
                name: "party_size",
                type: "number",
                inputMode: "numeric",
                min: 1,
                max: MAX_STAFF_PARTY_SIZE,
                step: 1,
                required: true,
                defaultValue: String(value("party_size") ?? STAFF_DEFAULTS.partySize),
              }}
            />
            <SelectField
              label="Status *"
              errors={errors.status}
              options={RESERVATION_STATUSES.map((status) => ({ value: status, label: statusLabels[status] }))}
              selectProps={{
                name: "status",
                required: true,
                defaultValue: value("status") ?? STAFF_DEFAULTS.status,
              }}
            />
          </div>
          <StaffSeatsNote seats={seats} />
          <TextareaField
            label="Anmerkungen"
            errors={errors.notes}
            textareaProps={{ name: "notes", rows: 3, maxLength: L.notes, defaultValue: value("notes") ?? "" }}
          />
          {asking ? (
            <FormNotice tone="error" title={A.overbookedTitle}>
              <p>{asking.message}</p>
              <Button
                type="submit"
                name={OVERBOOK_FIELD}
                value={OVERBOOK_YES}
                className="mt-2"
                disabled={pending}
              >
                {A.overbookAnyway}
              </Button>
            </FormNotice>
          ) : null}
          <FormActions
            className="pt-2"
            onCancel={() => onOpenChange(false)}
            pending={pending}
            pendingText={saveMessages.saving}
          >
            {editing ? "Änderungen speichern" : "Reservierung hinzufügen"}
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** 'Reservierung löschen bestätigen': names customer, date and time; cannot be undone. */
export function DeleteReservationDialog({
  reservation,
  onOpenChange,
}: {
  reservation: ReservationRow | undefined;
  onOpenChange: (open: boolean) => void;
}) {
  const pending = useIsPending({ intent: "delete" });
  return (
    <Dialog open={reservation !== undefined} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" role="alertdialog">
        <DialogHeader>
          <DialogTitle>Reservierung löschen bestätigen</DialogTitle>
          <DialogDescription>
            {reservation
              ? `Möchten Sie die Reservierung von ${reservation.customer_name} am ${formatDate(reservation.reservation_date)} um ${reservation.reservation_time} Uhr wirklich löschen? Dies kann nicht rückgängig gemacht werden.`
              : ""}
          </DialogDescription>
        </DialogHeader>
        <Form method="post" className="mt-2">
          <input type="hidden" name={INTENT_FIELD} value="delete" />
          <input type="hidden" name="id" value={reservation?.id ?? ""} />
          <FormActions onCancel={() => onOpenChange(false)} pending={pending} pendingText="Wird gelöscht...">
            Endgültig löschen
          </FormActions>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

/** The result of an action, titled 'Erfolg', 'Fehler' or 'E-Mail Fehler', closed with OK. */
export function InfoDialog({
  info,
  onClose,
}: {
  info: { title: InfoTitle; message: string } | undefined;
  onClose: () => void;
}) {
  return (
    <Dialog open={info !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-md" role={info?.title === "Erfolg" ? "dialog" : "alertdialog"}>
        <DialogHeader>
          <DialogTitle>{info?.title}</DialogTitle>
          <DialogDescription className="text-base text-ink">{info?.message}</DialogDescription>
        </DialogHeader>
        <div className="mt-2 flex justify-end">
          <Button onClick={onClose} autoFocus>
            OK
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

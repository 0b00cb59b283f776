import { Form, Link, useNavigation } from "react-router";
import { Field, SelectField } from "../../../../components/forms/field.tsx";
import { FormNotice } from "../../../../components/forms/form-notice.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { formatLongDate } from "../../../../lib/calendar.ts";
import { INTENT_FIELD } from "../../../../lib/forms.ts";
import { telHref } from "../../../../lib/format.ts";
import { guestLinkMessages as M, personsLabel, publicPartySizes, TIME_SLOTS } from "../../book/index.ts";
import type { GuestActionResult, GuestPageData } from "../guest-page.server.ts";

/**
 * The guest's own page of a reservation (decision 0033): the visit, and what the guest may do —
 * 'Ich komme', 'Reservierung ändern', 'Reservierung stornieren'. Changing and cancelling open as
 * pages of their own (`?aendern`, `?stornieren`), so everything works before or without scripts, and
 * a GET never changes anything: only the forms' POSTs do.
 */
export type GuestPageMode = "show" | "change" | "cancel";

const panel = "mx-auto w-full max-w-xl rounded-lg border border-stone-200 bg-white p-5 shadow-sm sm:p-8";

export function GuestReservationPage({
  data,
  mode,
  result,
  path,
}: {
  data: GuestPageData;
  mode: GuestPageMode;
  result: GuestActionResult | undefined;
  /** The page's own path (with the token): where its forms post and its links lead. */
  path: string;
}) {
  if (!data.found)
    return (
      <PageFrame title={data.limited ? M.limitedTitle : M.notFoundTitle}>
        <p>{data.limited ? M.tooMany : M.notFound}</p>
        <p className="mt-4">
          Sie erreichen uns telefonisch unter{" "}
          <a className="font-medium text-brand-700 underline" href={telHref(data.phone)}>
            {data.phone}
          </a>
          .
        </p>
      </PageFrame>
    );
  const { visit, closed } = data;
  const done = result?.notice.tone === "success";
  // A refused change comes back with what the guest chose: the form again (its POST has no `?aendern`).
  const shownMode = done || closed ? "show" : result?.values ? "change" : mode;
  return (
    <PageFrame title="Ihre Reservierung">
      {result ? (
        <FormNotice tone={result.notice.tone} title={result.notice.title} className="mb-6">
          {result.notice.description}
        </FormNotice>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
        <dt className="font-medium text-muted">Restaurant</dt>
        <dd>{data.restaurant}</dd>
        <dt className="font-medium text-muted">Name</dt>
        <dd className="break-words">{visit.name}</dd>
        <dt className="font-medium text-muted">Datum</dt>
        <dd>{formatLongDate(visit.date)}</dd>
        <dt className="font-medium text-muted">Uhrzeit</dt>
        <dd>{visit.time} Uhr</dd>
        <dt className="font-medium text-muted">Personen</dt>
        <dd>{personsLabel(visit.partySize)}</dd>
        <dt className="font-medium text-muted">Status</dt>
        <dd>
          <span className="font-semibold">{visit.statusLabel}</span>
          {visit.attending ? " – Sie haben zugesagt" : null}
        </dd>
      </dl>
      {closed ? (
        <p className="mt-6 rounded-md bg-stone-100 p-3" role="status">
          {M.closed[closed]}
        </p>
      ) : shownMode === "cancel" ? (
        <CancelConfirmation path={path} />
      ) : shownMode === "change" && data.changeable ? (
        <ChangeForm data={data} path={path} result={result} />
      ) : (
        <>
          <Actions
            path={path}
            confirmed={visit.status === "CONFIRMED"}
            attending={visit.attending}
            changeable={data.changeable}
          />
          {data.changeable ? null : <p className="mt-4 text-sm text-muted">{M.changeByPhone}</p>}
        </>
      )}
      <p className="mt-8 text-sm text-muted">
        Fragen? Rufen Sie uns an:{" "}
        <a className="font-medium text-brand-700 underline" href={telHref(data.phone)}>
          {data.phone}
        </a>
      </p>
    </PageFrame>
  );
}

function PageFrame({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="bg-cream px-4 pt-28 pb-16 sm:pt-32">
      <div className={panel}>
        <h1 className="mb-6 text-3xl font-bold">{title}</h1>
        {children}
      </div>
    </section>
  );
}

function usePosting(intent: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get(INTENT_FIELD) === intent;
}

function Actions({
  path,
  confirmed,
  attending,
  changeable,
}: {
  path: string;
  confirmed: boolean;
  attending: boolean;
  changeable: boolean;
}) {
  const posting = usePosting("attend");
  return (
    <div className="mt-8 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
      {confirmed && !attending ? (
        <Form method="post" action={path} className="contents">
          <input type="hidden" name={INTENT_FIELD} value="attend" />
          <Button type="submit" size="lg" disabled={posting}>
            Ich komme
          </Button>
        </Form>
      ) : null}
      {changeable ? (
        <Button asChild size="lg" variant="outline">
          <Link to={`${path}?aendern`}>Reservierung ändern</Link>
        </Button>
      ) : null}
      <Button asChild size="lg" variant="outline" className="text-brand-700">
        <Link to={`${path}?stornieren`}>Reservierung stornieren</Link>
      </Button>
    </div>
  );
}

function CancelConfirmation({ path }: { path: string }) {
  const posting = usePosting("cancel");
  return (
    <div className="mt-8">
      <h2 className="font-sans text-xl font-semibold">Möchten Sie Ihre Reservierung wirklich stornieren?</h2>
      <p className="mt-2 text-muted">
        Die Plätze werden wieder frei. Sie erhalten eine Bestätigung per E-Mail.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <Form method="post" action={path} className="contents">
          <input type="hidden" name={INTENT_FIELD} value="cancel" />
          <Button type="submit" size="lg" disabled={posting}>
            Ja, stornieren
          </Button>
        </Form>
        <Button asChild size="lg" variant="outline">
          <Link to={path}>Nein, zurück</Link>
        </Button>
      </div>
    </div>
  );
}

function ChangeForm({
  data,
  path,
  result,
}: {
  data: Extract<GuestPageData, { found: true }>;
  path: string;
  result: GuestActionResult | undefined;
}) {
  const posting = usePosting("change");
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  const date = values.date ?? data.visit.date;
  const time = values.time ?? data.visit.time;
  const party = values.party_size ?? String(data.visit.partySize);
  return (
    <Form method="post" action={path} className="mt-8 space-y-5" noValidate>
      <h2 className="font-sans text-xl font-semibold">Reservierung ändern</h2>
      <p className="text-muted">
        Wählen Sie Datum, Uhrzeit und Personenzahl. Die Änderung gilt nur, wenn zu dieser Zeit Platz frei ist.
      </p>
      <input type="hidden" name={INTENT_FIELD} value="change" />
      <Field
        label="Datum"
        errors={errors.date}
        inputProps={{
          type: "date",
          name: "date",
          defaultValue: date,
          min: data.window.min,
          max: data.window.max,
          required: true,
        }}
      />
      <SelectField
        label="Uhrzeit"
        errors={errors.time}
        options={TIME_SLOTS.map((slot) => ({ value: slot, label: `${slot} Uhr` }))}
        selectProps={{ name: "time", defaultValue: time, required: true }}
      />
      <SelectField
        label="Personen"
        errors={errors.party_size}
        options={publicPartySizes(data.largestParty).map((size) => ({
          value: String(size),
          label: personsLabel(size),
        }))}
        selectProps={{ name: "party_size", defaultValue: party, required: true }}
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button type="submit" size="lg" disabled={posting}>
          Änderung speichern
        </Button>
        <Button asChild size="lg" variant="outline">
          <Link to={path}>Abbrechen</Link>
        </Button>
      </div>
    </Form>
  );
}

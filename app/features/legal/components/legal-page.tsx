import type { ContactContent } from "../../../common/content/schemas.ts";
import { telHref } from "../../../lib/format.ts";
import { Fragment, type ReactNode } from "react";

/** Date of the current version of all legal pages ("Stand"). */
export const LEGAL_DATE = "17. Mai 2024";

/** Shared frame of the legal pages: heading, date of the version, then the text. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <article className="legal-text mx-auto max-w-3xl px-4 py-16 md:py-24">
      <h1>{title}</h1>
      <p className="legal-date">Stand: {LEGAL_DATE}</p>
      {children}
    </article>
  );
}

/** Address lines, each on its own line (line breaks between them), for use inside a paragraph. */
export function AddressLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines.map((line, index) => (
        <Fragment key={`${index}-${line}`}>
          {index > 0 && <br />}
          {line}
        </Fragment>
      ))}
    </>
  );
}

export function PhoneLink({ phone }: { phone: string }) {
  return <a href={telHref(phone)}>{phone}</a>;
}

export function EmailLink({ email }: { email: string }) {
  return <a href={`mailto:${email}`}>{email}</a>;
}

/** The business, its owner and its address: who provides the site and is responsible for it. */
export function ProviderAddress({ contact }: { contact: ContactContent }) {
  return (
    <p>
      {contact.name}
      <br />
      Inhaber: {contact.owner}
      <br />
      <AddressLines lines={contact.address_lines} />
    </p>
  );
}

/** Phone and e-mail as links, on two lines. */
export function PhoneAndEmail({ contact }: { contact: ContactContent }) {
  return (
    <p>
      Telefon: <PhoneLink phone={contact.phone} />
      <br />
      E-Mail: <EmailLink email={contact.email} />
    </p>
  );
}

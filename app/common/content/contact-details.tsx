import { Mail, MapPin, Phone } from "lucide-react";
import type { ContactContent, OpeningHoursContent } from "./schemas.ts";
import { telHref } from "../../lib/format.ts";
import { weekdays } from "../../lib/weekdays.ts";

/** Address, phone (tel: link) and e-mail (mailto: link): every place that shows contact details uses this. */
export function ContactLines({ contact, className }: { contact: ContactContent; className?: string }) {
  return (
    <ul className={className ?? "space-y-3"}>
      <li className="flex gap-3">
        <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <address className="not-italic">
          <span className="block font-medium">{contact.name}</span>
          {contact.address_lines.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </li>
      <li className="flex gap-3">
        <Phone className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <a href={telHref(contact.phone)} className="underline-offset-4 hover:underline">
          {contact.phone}
        </a>
      </li>
      <li className="flex gap-3">
        <Mail className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
        <a href={`mailto:${contact.email}`} className="break-all underline-offset-4 hover:underline">
          {contact.email}
        </a>
      </li>
    </ul>
  );
}

export function OpeningHoursList({ hours, className }: { hours: OpeningHoursContent; className?: string }) {
  return (
    <dl className={className ?? "grid grid-cols-[auto_1fr] gap-x-4 gap-y-1"}>
      {weekdays.map(([key, label]) => (
        <div key={key} className="contents">
          <dt className="font-medium">{label}</dt>
          <dd>{hours[key]}</dd>
        </div>
      ))}
    </dl>
  );
}

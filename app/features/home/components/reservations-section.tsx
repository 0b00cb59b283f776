import { Clock, Mail, MapPin, Phone } from "lucide-react";
import type { ReactNode } from "react";
import { telHref } from "../../../lib/format.ts";
import type {
  ContactContent,
  OpeningHoursContent,
  ReservationsSectionContent,
} from "../../../common/content/schemas.ts";
import { OpeningHoursList } from "../../../common/content/contact-details.tsx";
import { PictureSection, SectionDescription, SectionHeading } from "./section-frame.tsx";

const mailtoReservation = (email: string) =>
  `mailto:${email}?subject=${encodeURIComponent("Reservierungsanfrage")}`;

/**
 * 'Reservieren Sie Ihren Tisch': the request area (`#reservation-form-area`) with the form, and the
 * restaurant's phone, e-mail, address and opening hours beside it.
 */
export function ReservationsSection({
  section,
  contact,
  hours,
  form,
  headingLevel = 2,
}: {
  section: ReservationsSectionContent;
  contact: ContactContent;
  hours: OpeningHoursContent;
  /** The request form (the reservations feature's), composed in by the route. */
  form: ReactNode;
  /** 1 on `/reservieren`, where the section is the page. */
  headingLevel?: 1 | 2;
}) {
  const Sub = headingLevel === 1 ? "h2" : "h3";
  return (
    <PictureSection
      id="reservations"
      backgroundUrl={section.background_image_url}
      plainClassName="bg-brand-50"
    >
      {(onDark) => (
        <div className="mx-auto max-w-6xl">
          <div className="mx-auto max-w-3xl text-center">
            <SectionHeading
              sectionId="reservations"
              heading={section.heading}
              highlight={section.heading_highlight}
              level={headingLevel}
              onDark={onDark}
            />
            <SectionDescription onDark={onDark}>{section.description}</SectionDescription>
          </div>

          <div className="mt-12 grid gap-8 text-ink lg:grid-cols-5">
            <div
              id="reservation-form-area"
              className="scroll-mt-20 rounded-2xl bg-white p-6 shadow-lg sm:p-10 lg:col-span-3"
            >
              <Sub className="text-2xl font-semibold md:text-3xl">{section.form_title}</Sub>
              {form}
              {section.form_disclaimer ? (
                <p className="mt-6 border-t border-stone-200 pt-4 text-sm text-muted">
                  {section.form_disclaimer}
                </p>
              ) : null}
            </div>

            <div className="space-y-6 rounded-2xl bg-white p-6 shadow-lg sm:p-8 lg:col-span-2">
              <div className="flex gap-4">
                <Phone className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <Sub className="text-lg font-semibold">{section.phone_title}</Sub>
                  <a href={telHref(contact.phone)} className="underline-offset-4 hover:underline">
                    {contact.phone}
                  </a>
                </div>
              </div>
              <div className="flex gap-4">
                <Mail className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div className="min-w-0">
                  <Sub className="text-lg font-semibold">E-Mail</Sub>
                  <a
                    href={mailtoReservation(contact.email)}
                    className="break-words underline-offset-4 hover:underline"
                  >
                    {contact.email}
                  </a>
                </div>
              </div>
              <div className="flex gap-4">
                <MapPin className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div>
                  <Sub className="text-lg font-semibold">{section.location_title}</Sub>
                  <address className="not-italic">
                    <span className="block">{contact.name}</span>
                    {contact.address_lines.map((line, index) => (
                      <span key={index} className="block">
                        {line}
                      </span>
                    ))}
                  </address>
                </div>
              </div>
              <div className="flex gap-4">
                <Clock className="mt-1 size-5 shrink-0 text-brand-700" aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <Sub className="text-lg font-semibold">Öffnungszeiten</Sub>
                  <OpeningHoursList
                    hours={hours}
                    className="mt-1 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
                  />
                </div>
              </div>
            </div>
          </div>
        </div>
      )}
    </PictureSection>
  );
}

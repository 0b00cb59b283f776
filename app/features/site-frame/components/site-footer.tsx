import { Link } from "react-router";
import type { ContactContent, FooterContent, OpeningHoursContent } from "../../../common/content/schemas.ts";
import { ContactLines, OpeningHoursList } from "../../../common/content/contact-details.tsx";
import { anchorHref } from "../site-frame.ts";

const quickLinks = [
  { id: "home", label: "Start" },
  { id: "about", label: "Über uns" },
  { id: "menu", label: "Speisekarte" },
  { id: "reservations", label: "Reservierung" },
  { id: "gallery", label: "Galerie" },
  { id: "contact", label: "Kontakt" },
];

const legalLinks = [
  { to: "/impressum", label: "Impressum" },
  { to: "/datenschutz", label: "Datenschutz" },
  { to: "/nutzungsbedingungen", label: "Nutzungsbedingungen" },
  { to: "/cookie-richtlinie", label: "Cookie-Richtlinie" },
];

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true">
      <path d="M14 8V6.2c0-.8.2-1.2 1.4-1.2H17V2h-2.6C11.3 2 10 3.6 10 6.1V8H8v3h2v11h4V11h2.7l.3-3h-3z" />
    </svg>
  );
}

function InstagramIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
    >
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <circle cx="17.5" cy="6.5" r="1" fill="currentColor" />
    </svg>
  );
}

export function SiteFooter({
  footer,
  contact,
  hours,
  onHome,
}: {
  footer: FooterContent;
  contact: ContactContent;
  hours: OpeningHoursContent;
  onHome: boolean;
}) {
  const year = new Date().getFullYear();
  return (
    <footer id="contact" className="scroll-mt-16 bg-ink text-stone-200">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:grid-cols-4">
        <div className="md:col-span-1">
          <p className="font-serif text-2xl font-bold text-white">
            {footer.brand_name} <span className="text-brand-100">{footer.brand_highlight}</span>
          </p>
          <p className="mt-3 text-sm leading-relaxed">{footer.description}</p>
          <div className="mt-5 flex gap-3">
            {footer.social_facebook_url ? (
              <a
                href={footer.social_facebook_url}
                rel="noopener noreferrer"
                target="_blank"
                className="rounded-full bg-white/10 p-2 hover:bg-white/20"
                aria-label="Facebook (öffnet in neuem Fenster)"
              >
                <FacebookIcon />
              </a>
            ) : null}
            {footer.social_instagram_url ? (
              <a
                href={footer.social_instagram_url}
                rel="noopener noreferrer"
                target="_blank"
                className="rounded-full bg-white/10 p-2 hover:bg-white/20"
                aria-label="Instagram (öffnet in neuem Fenster)"
              >
                <InstagramIcon />
              </a>
            ) : null}
          </div>
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2
            id="footer-quick-links"
            className="mb-3 font-sans text-sm font-semibold tracking-wider text-white uppercase"
          >
            {footer.quick_links_title}
          </h2>
          <ul className="space-y-2 text-sm">
            {quickLinks.map((link) => (
              <li key={link.id}>
                <a href={anchorHref(link.id, onHome)} className="hover:text-white hover:underline">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider text-white uppercase">
            {footer.contact_section_title}
          </h2>
          <ContactLines contact={contact} className="space-y-3 text-sm" />
        </div>
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold tracking-wider text-white uppercase">
            Öffnungszeiten
          </h2>
          <OpeningHoursList hours={hours} className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm" />
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-5 text-sm md:flex-row md:items-center md:justify-between">
          <p>
            © {year} {contact.name}. {footer.copyright_text}
          </p>
          <nav aria-label="Rechtliches">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {legalLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

import { CircleCheck, Info, Megaphone, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "../../../lib/utils.ts";
import {
  displayType,
  publicPriorityLabels,
  typeLabels,
  validUntilText,
  type AnnouncementPriority,
  type AnnouncementsPayload,
  type AnnouncementType,
  type PublicAnnouncement,
} from "../schema.ts";
import { Badge, type BadgeTone } from "./badge.tsx";

const typeStyles: Record<AnnouncementType, { card: string; icon: string; Icon: typeof Info }> = {
  info: { card: "border-blue-200 bg-blue-50", icon: "text-blue-700", Icon: Info },
  warning: { card: "border-amber-300 bg-amber-50", icon: "text-amber-700", Icon: TriangleAlert },
  success: { card: "border-green-200 bg-green-50", icon: "text-green-700", Icon: CircleCheck },
};

const priorityTones: Record<AnnouncementPriority, BadgeTone> = {
  high: "red",
  medium: "stone",
  low: "outline",
};

/**
 * What guests see of the announcements, in the 'Mitteilungen' dialog and on /mitteilungen: the
 * error with a way to try again, the empty state, or the list, most important first.
 */
export function PublicAnnouncements({
  payload,
  headingLevel,
  retry,
}: {
  payload: AnnouncementsPayload;
  /** The level of each announcement's title: below the dialog's title (h2) or the page's (h1). */
  headingLevel: 2 | 3;
  /** How to try again after an error: a button in the dialog, a reload link on the page. */
  retry: ReactNode;
}) {
  if ("error" in payload) {
    return (
      <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
        <p className="text-brand-800">{payload.error}</p>
        {retry}
      </div>
    );
  }
  const Heading = headingLevel === 2 ? "h2" : "h3";
  if (payload.announcements.length === 0) {
    return (
      <div className="flex flex-col items-center gap-2 py-10 text-center">
        <Megaphone className="mb-2 size-10 text-stone-400" aria-hidden="true" />
        <Heading className="text-xl font-semibold">Keine aktuellen Mitteilungen</Heading>
        <p className="text-muted">Derzeit gibt es keine neuen Informationen oder Ankündigungen.</p>
      </div>
    );
  }
  return (
    // Focusable, so keyboard users can scroll a long list in the dialog: it holds no links or buttons.
    <ul
      tabIndex={0}
      aria-label="Aktuelle Mitteilungen"
      className="space-y-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
    >
      {payload.announcements.map((announcement) => (
        <li key={announcement.id}>
          <AnnouncementCard announcement={announcement} Heading={Heading} />
        </li>
      ))}
    </ul>
  );
}

function AnnouncementCard({
  announcement,
  Heading,
}: {
  announcement: PublicAnnouncement;
  Heading: "h2" | "h3";
}) {
  const type = displayType(announcement.type);
  const { card, icon, Icon } = typeStyles[type];
  const titleId = `mitteilung-${announcement.id}`;
  return (
    <article aria-labelledby={titleId} data-type={type} className={cn("rounded-lg border p-4 md:p-5", card)}>
      <div className="flex items-start gap-3">
        <Icon className={cn("mt-0.5 size-6 shrink-0", icon)} role="img" aria-label={typeLabels[type]} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <Heading id={titleId} className="font-sans text-lg font-semibold break-words text-ink">
              {announcement.title}
            </Heading>
            <Badge tone={priorityTones[announcement.priority]}>
              {publicPriorityLabels[announcement.priority]}
            </Badge>
          </div>
          <p className="mt-2 break-words whitespace-pre-line text-ink">{announcement.content}</p>
          {announcement.valid_until ? (
            <p className="mt-3 text-sm text-muted">{validUntilText(announcement.valid_until)}</p>
          ) : null}
        </div>
      </div>
    </article>
  );
}

import { CircleCheck, Info, LoaderCircle, Megaphone, RefreshCw, TriangleAlert } from "lucide-react";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
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

const ENDPOINT = "/api/mitteilungen";

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

/** The public 'Mitteilungen' dialog: loads what is visible today every time it opens. */
export function AnnouncementsDialog({
  open,
  onOpenChange,
  restaurantName,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  restaurantName: string;
}) {
  const fetcher = useFetcher<AnnouncementsPayload>();
  const { load } = fetcher;
  useEffect(() => {
    if (open) void load(ENDPOINT);
  }, [open, load]);

  const payload = fetcher.data;
  const loading = fetcher.state !== "idle" || payload === undefined;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent footer={restaurantName}>
        <DialogHeader>
          <DialogTitle>Mitteilungen</DialogTitle>
          <DialogDescription>Aktuelle Hinweise und Neuigkeiten aus unserem Restaurant.</DialogDescription>
        </DialogHeader>
        {loading ? (
          <p role="status" className="flex items-center justify-center gap-2 py-12 text-muted">
            <LoaderCircle className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
            Lade Mitteilungen...
          </p>
        ) : "error" in payload ? (
          <div role="alert" className="flex flex-col items-center gap-4 py-10 text-center">
            <p className="text-brand-800">{payload.error}</p>
            <Button variant="outline" onClick={() => void load(ENDPOINT)}>
              <RefreshCw aria-hidden="true" />
              Erneut versuchen
            </Button>
          </div>
        ) : payload.announcements.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-10 text-center">
            <Megaphone className="mb-2 size-10 text-stone-400" aria-hidden="true" />
            <h3 className="text-xl font-semibold">Keine aktuellen Mitteilungen</h3>
            <p className="text-muted">Derzeit gibt es keine neuen Informationen oder Ankündigungen.</p>
          </div>
        ) : (
          // Focusable, so keyboard users can scroll a long list: it holds no links or buttons.
          <ul
            tabIndex={0}
            aria-label="Aktuelle Mitteilungen"
            className="space-y-4 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600"
          >
            {payload.announcements.map((announcement) => (
              <li key={announcement.id}>
                <AnnouncementCard announcement={announcement} />
              </li>
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  );
}

function AnnouncementCard({ announcement }: { announcement: PublicAnnouncement }) {
  const type = displayType(announcement.type);
  const { card, icon, Icon } = typeStyles[type];
  const titleId = `mitteilung-${announcement.id}`;
  return (
    <article aria-labelledby={titleId} data-type={type} className={cn("rounded-lg border p-4 md:p-5", card)}>
      <div className="flex items-start gap-3">
        <Icon className={cn("mt-0.5 size-6 shrink-0", icon)} role="img" aria-label={typeLabels[type]} />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
            <h3 id={titleId} className="font-sans text-lg font-semibold break-words text-ink">
              {announcement.title}
            </h3>
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

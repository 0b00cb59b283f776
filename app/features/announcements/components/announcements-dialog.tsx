import { LoaderCircle, RefreshCw } from "lucide-react";
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
import type { AnnouncementsPayload } from "../schema.ts";
import { PublicAnnouncements } from "./public-announcements.tsx";

const ENDPOINT = "/api/mitteilungen";

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
        ) : (
          <PublicAnnouncements
            payload={payload}
            headingLevel={3}
            retry={
              <Button variant="outline" onClick={() => void load(ENDPOINT)}>
                <RefreshCw aria-hidden="true" />
                Erneut versuchen
              </Button>
            }
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

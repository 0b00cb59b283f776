import { Button } from "../../../components/ui/button.tsx";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../components/ui/dialog.tsx";
import type { ContactContent, OpeningHoursContent } from "../../../common/content/schemas.ts";
import { ContactLines, OpeningHoursList } from "../../../common/content/contact-details.tsx";

export function ContactDialog({
  open,
  onOpenChange,
  contact,
  hours,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  contact: ContactContent;
  hours: OpeningHoursContent;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg" footer={contact.name}>
        <DialogHeader>
          <DialogTitle>Kontakt</DialogTitle>
          <DialogDescription>So erreichen Sie uns.</DialogDescription>
        </DialogHeader>
        <ContactLines contact={contact} />
        <h3 className="mt-6 mb-2 text-lg font-semibold">Öffnungszeiten</h3>
        <OpeningHoursList hours={hours} className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" />
        <div className="mt-6 flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Schließen</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}

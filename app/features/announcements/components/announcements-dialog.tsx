// Placeholder: the Mitteilungen dialog lands in this change.
export function AnnouncementsDialog(_props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  restaurantName: string;
}) {
  return null;
}

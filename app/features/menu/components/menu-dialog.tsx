// Placeholder: the Speisekarte and Wochenkarte dialogs land in this change.
export function MenuDialog(_props: {
  kind: "speisekarte" | "wochenkarte";
  open: boolean;
  onOpenChange: (open: boolean) => void;
  restaurantName: string;
}) {
  return null;
}

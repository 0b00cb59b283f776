import {
  BookOpen,
  CalendarCheck,
  CalendarDays,
  FileText,
  Image,
  LayoutDashboard,
  Megaphone,
  UtensilsCrossed,
  type LucideIcon,
} from "lucide-react";

/** The sidebar's eight entries, in the spec's order and with its labels. */
export const adminNavigation: Array<{ to: string; label: string; icon: LucideIcon; end?: boolean }> = [
  { to: "/admin", label: "Dashboard", icon: LayoutDashboard, end: true },
  { to: "/admin/speisekarte", label: "Speisekarte", icon: BookOpen },
  { to: "/admin/wochenkarte", label: "Wochenkarte", icon: CalendarDays },
  { to: "/admin/reservations", label: "Reservations", icon: CalendarCheck },
  { to: "/admin/gallery", label: "Galerie", icon: Image },
  { to: "/admin/menu-items", label: "Menu Items", icon: UtensilsCrossed },
  { to: "/admin/mitteilungen", label: "Mitteilungen", icon: Megaphone },
  { to: "/admin/content", label: "Website-Inhalte", icon: FileText },
];

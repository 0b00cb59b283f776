import {
  BarChart3,
  BookOpen,
  CalendarCheck,
  CalendarDays,
  ConciergeBell,
  FileText,
  Image,
  LayoutDashboard,
  LayoutGrid,
  Megaphone,
  UtensilsCrossed,
  type LucideIcon,
} from "lucide-react";

export interface AdminScreen {
  path: string;
  label: string;
  icon: LucideIcon;
  /** The screen's heading (docs/product/staff.md#screens). */
  title: string;
  description: string;
}

/** The sidebar's eight entries, in the order and with the labels of docs/product/staff.md#screens. */
export const adminScreens: AdminScreen[] = [
  { path: "/admin", label: "Dashboard", icon: LayoutDashboard, title: "Dashboard", description: "" },
  {
    path: "/admin/speisekarte",
    label: "Speisekarte",
    icon: BookOpen,
    title: "Speisekarte verwalten",
    description: "Produkte, Kategorien und die aktive Speisekarte.",
  },
  {
    path: "/admin/wochenkarte",
    label: "Wochenkarte",
    icon: CalendarDays,
    title: "Wochenkarte verwalten",
    description: "Wochengerichte und die aktive Wochenkarte.",
  },
  {
    path: "/admin/reservations",
    label: "Reservations",
    icon: CalendarCheck,
    title: "Reservierungen einsehen",
    description: "Reservierungsanfragen ansehen, bestätigen und bearbeiten.",
  },

  {
    path: "/admin/gallery",
    label: "Galerie",
    icon: Image,
    title: "Galerie verwalten",
    description: "Bilder hochladen, beschriften, sortieren und veröffentlichen.",
  },
  {
    path: "/admin/menu-items",
    label: "Menu Items",
    icon: UtensilsCrossed,
    title: "Menu Items Management",
    description: "Die Gerichte, die die Startseite zeigt.",
  },
  {
    path: "/admin/mitteilungen",
    label: "Mitteilungen",
    icon: Megaphone,
    title: "Mitteilungen verwalten",
    description: "Mitteilungen für die Gäste.",
  },
  {
    path: "/admin/content",
    label: "Website-Inhalte",
    icon: FileText,
    title: "Website-Inhalte verwalten",
    description: "Die Texte der Startseite, Öffnungszeiten und Kontaktdaten.",
  },
];

/**
 * The evening's screens (decision 0034), a group of their own below the eight: the specified
 * navigation stays as it is.
 */
export const eveningScreens: AdminScreen[] = [
  {
    path: "/admin/service",
    label: "Service",
    icon: ConciergeBell,
    title: "Service",
    description: "Der Abend am Empfang: Gäste als eingetroffen, fertig oder nicht erschienen markieren.",
  },
  {
    path: "/admin/tischplan",
    label: "Tischplan",
    icon: LayoutGrid,
    title: "Tischplan",
    description: "Bereiche, Tische und welche Tische sich zusammenstellen lassen (decision 0052).",
  },
  {
    path: "/admin/statistik",
    label: "Statistik",
    icon: BarChart3,
    title: "Statistik",
    description: "Gäste, Reservierungen, No-Shows und Stornierungen über einen Zeitraum (decision 0036).",
  },
];

export const adminScreenAt = (pathname: string): AdminScreen | undefined =>
  adminScreens.find((screen) => screen.path === pathname.replace(/\/+$/, ""));

import type { ActionFailure } from "../../lib/action-failures.ts";
import { errorNotice, type Notice, type StaffActionResult } from "../../lib/forms.ts";

/**
 * 'Galerie verwalten': its actions and their toasts, shared by the screen and its action
 * (docs/product/pictures.md#toasts).
 */
export type GalleryIntent = "picture-save" | "picture-publish" | "picture-order" | "picture-delete";
export type GalleryActionResult = StaffActionResult<GalleryIntent | "unknown">;

export const galleryMessages = {
  updated: "Bild aktualisiert",
  updateFailed: "Fehler beim Aktualisieren",
  nowVisible: "Das Bild ist jetzt in der Galerie sichtbar.",
  nowHidden: "Das Bild ist jetzt versteckt.",
  deleted: "Bild gelöscht",
  deleteFailed: "Fehler beim Löschen",
  ordered: "Reihenfolge gespeichert",
  orderFailed: "Fehler beim Sortieren",
  orderMismatch: "Die Galerie hat sich inzwischen geändert. Bitte laden Sie die Seite neu.",
  missing: "Dieses Bild gibt es nicht (mehr).",
  unexpected: "Ein unerwarteter Fehler ist aufgetreten.",
  unknownAction: "Unbekannte Aktion.",
} as const;

/**
 * What 'Galerie verwalten' says when an action's answer never arrives (decision 0028): the failure
 * toast of that action (`galleryMessages`), with the reason.
 */
export const galleryFailureNotices: Record<GalleryIntent, (failure: ActionFailure) => Notice> = {
  "picture-save": (failure) => errorNotice(failure.detail, galleryMessages.updateFailed),
  "picture-publish": (failure) => errorNotice(failure.detail, galleryMessages.updateFailed),
  "picture-order": (failure) => errorNotice(failure.detail, galleryMessages.orderFailed),
  "picture-delete": (failure) => errorNotice(failure.detail, galleryMessages.deleteFailed),
};

/** The count line: '1 Bild in der Galerie', 'n Bilder in der Galerie'. */
export const countLine = (count: number) => `${count} ${count === 1 ? "Bild" : "Bilder"} in der Galerie`;

/** A gallery picture as the staff screen shows it, with the places that still use it. */
export interface GalleryAdminPicture {
  id: number;
  address: string;
  caption: string | null;
  altText: string;
  published: boolean;
  displayOrder: number;
  usedIn: string[];
}

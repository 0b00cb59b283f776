/** The rules a staff edit of the menus can break (decision 0018), checked on the server whatever the browser sent. */

/** A rule of the menus broken by a request; its message is German and meant for staff. */
export class MenuRuleError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MenuRuleError";
  }
}

export const ruleMessages = {
  categoryMissing: "Diese Kategorie gibt es nicht (mehr).",
  parentMissing: "Die gewählte Oberkategorie gibt es nicht (mehr).",
  ownParent: "Eine Kategorie kann nicht ihre eigene Oberkategorie sein.",
  parentIsSub: "Nur Hauptkategorien können Oberkategorien sein.",
  hasChildren: "Diese Kategorie hat Unterkategorien und kann deshalb selbst keine Unterkategorie werden.",
  productMissing: "Dieses Produkt gibt es nicht (mehr).",
  mealMissing: "Dieses Wochengericht gibt es nicht (mehr).",
  itemMissing: "This menu item no longer exists.",
  orderMismatch: "Die Liste hat sich inzwischen geändert. Bitte laden Sie die Seite neu.",
} as const;

/**
 * Uploading one picture, shared by the browser and the server (decision 0019): where it goes, what
 * the server answers, its messages (docs/product/pictures.md#uploads), and the browser's sender with its
 * progress. A file is sent as the request body itself (one file per request, its name in a header), so the
 * server streams it to disk without parsing a multipart body, and every file has its own progress bar.
 */
export const UPLOAD_PATH = "/admin/bilder/hochladen";

/** At most 10 MB per picture (docs/product/pictures.md#uploads). */
export const MAX_PICTURE_BYTES = 10 * 1024 * 1024;

/**
 * Where an upload goes: `galerie` adds a gallery picture; `gericht` is a 'Menu Items' dish's
 * picture; `hero` the hero background (named `hero-{timestamp}-{filename}`, docs/product/pictures.md#names);
 * `inhalt` any other picture of a content block.
 */
export const UPLOAD_TARGETS = ["galerie", "gericht", "hero", "inhalt"] as const;
export type UploadTarget = (typeof UPLOAD_TARGETS)[number];

export const isUploadTarget = (value: string | null): value is UploadTarget =>
  (UPLOAD_TARGETS as readonly string[]).includes(value ?? "");

/** The header that carries the file's name, URI-encoded (names are only used, sanitized, in keys). */
export const FILE_NAME_HEADER = "X-Dateiname";

/** The picture formats the server accepts (judged by content there; by type here, to answer quickly). */
export const ACCEPTED_PICTURE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
export const ACCEPT_ATTRIBUTE = ACCEPTED_PICTURE_TYPES.join(",");

export type UploadAnswer =
  | { ok: true; address: string; width: number; height: number; galleryId?: number }
  | { ok: false; title: string; message: string };

export const uploadMessages = {
  added: "Bild hinzugefügt",
  notAPictureTitle: "Ungültiger Dateityp",
  notAPicture: (name: string) => `${name} ist kein Bild.`,
  emptyFile: (name: string) => `${name} ist leer.`,
  tooLargeTitle: "Datei zu groß",
  tooLarge: (name: string) => `${name} ist größer als 10 MB.`,
  tooManyPixels: (name: string) => `${name} hat zu viele Bildpunkte (höchstens 40 Megapixel).`,
  failedTitle: "Upload-Fehler",
  failed: "Das Bild konnte nicht hochgeladen werden.",
  /** Sent too slowly or not at all any more, or no answer in time: nothing of it is kept. */
  stalled:
    "Die Übertragung ist ins Stocken geraten oder der Server hat nicht rechtzeitig geantwortet. Das Bild wurde nicht gespeichert. Bitte prüfen Sie die Verbindung und versuchen Sie es erneut.",
  noFile: "Bitte wählen Sie eine Bilddatei aus.",
  signedOut: "Ihre Anmeldung ist abgelaufen. Bitte melden Sie sich erneut an.",
  accountFirst:
    "Bitte erledigen Sie zuerst, worum „Mein Konto“ Sie bittet (eigenes Passwort oder Zwei-Faktor-Anmeldung).",
  stillUploading: "Das Bild wird noch hochgeladen. Bitte speichern Sie, sobald es fertig ist.",
  busy: "Gerade werden schon mehrere Bilder verarbeitet. Bitte versuchen Sie es gleich noch einmal.",
  storageFull:
    "Auf dem Server ist kein Speicherplatz mehr frei. Das Bild wurde nicht gespeichert. Bitte geben Sie der Betreuung der Website Bescheid.",
  storageNotWritable:
    "Der Server darf in seinen Bilderordner nicht schreiben. Das Bild wurde nicht gespeichert. Bitte geben Sie der Betreuung der Website Bescheid.",
  /** An S3 picture store that cannot be reached (decision 0038): nothing of the picture is kept. */
  storeUnavailable:
    "Der Bildspeicher ist gerade nicht erreichbar. Bitte versuchen Sie es in ein paar Minuten noch einmal.",
  addFailedTitle: "Fehler beim Hinzufügen",
  /** A press made before the page was ready cannot open the file picker (app/lib/early-input.ts). */
  pressAgain: {
    title: "Dateiauswahl nicht geöffnet",
    description:
      "Bitte noch einmal auf „Bilder hochladen“ klicken – die Dateiauswahl öffnet sich erst, wenn die Seite bereit ist.",
  },
  /** The content tabs' hint next to their picture fields. */
  hint: "PNG, JPG, GIF bis 10MB",
} as const;

/** A file's name as shown in a message: without folders, at most 80 characters. */
export function shownFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // Control characters (NUL among them) would only confuse a message.
  const clean = [...base].filter((character) => character >= " ").join("");
  return clean.length > 80 ? `${clean.slice(0, 77)}…` : clean || "Die Datei";
}

/** The browser's first look at a file, before anything is sent: the toasts for the usual mistakes. */
export function checkPictureFile(file: {
  name: string;
  type: string;
  size: number;
}): UploadAnswer | undefined {
  const name = shownFileName(file.name);
  if (!(ACCEPTED_PICTURE_TYPES as readonly string[]).includes(file.type))
    return { ok: false, title: uploadMessages.notAPictureTitle, message: uploadMessages.notAPicture(name) };
  if (file.size > MAX_PICTURE_BYTES)
    return { ok: false, title: uploadMessages.tooLargeTitle, message: uploadMessages.tooLarge(name) };
  if (file.size === 0)
    return { ok: false, title: uploadMessages.notAPictureTitle, message: uploadMessages.emptyFile(name) };
  return undefined;
}

/**
 * How long the browser waits while nothing of the file moves, and then for the answer once all is
 * sent (the server decodes and stores it, one picture after another): after that it gives up with
 * `stalled`. The server bounds its side too (`UPLOAD_IDLE_MS` in upload.server.ts).
 */
export const UPLOAD_STALL_MS = 30_000;
export const UPLOAD_ANSWER_MS = 120_000;

function isUploadAnswer(value: unknown): value is UploadAnswer {
  return typeof value === "object" && value !== null && typeof (value as { ok?: unknown }).ok === "boolean";
}

/**
 * Sends one picture; `onProgress` hears the share sent (0…1). Never rejects: a refused or failed
 * upload answers `ok: false` with the message to show.
 */
export function sendPicture(
  file: File,
  target: UploadTarget,
  onProgress: (share: number) => void,
): Promise<UploadAnswer> {
  const name = shownFileName(file.name);
  const early = checkPictureFile(file);
  if (early) return Promise.resolve(early);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open("POST", `${UPLOAD_PATH}?ziel=${target}`);
    // Cut by characters, not UTF-16 units: half an emoji cannot be encoded.
    request.setRequestHeader(FILE_NAME_HEADER, encodeURIComponent([...file.name].slice(0, 200).join("")));
    request.setRequestHeader("Content-Type", file.type || "application/octet-stream");
    request.responseType = "json";
    let watchdog: ReturnType<typeof setTimeout> | undefined;
    let gaveUp = false;
    // Started again at every sign of life: a slow line that keeps sending is never cut off.
    const watch = (ms: number) => {
      clearTimeout(watchdog);
      watchdog = setTimeout(() => {
        gaveUp = true;
        request.abort();
      }, ms);
    };
    request.upload.onprogress = (event) => {
      watch(UPLOAD_STALL_MS);
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.upload.onload = () => watch(UPLOAD_ANSWER_MS);
    request.onloadend = () => clearTimeout(watchdog);
    const failed = () =>
      resolve({
        ok: false,
        title: uploadMessages.failedTitle,
        message: gaveUp ? uploadMessages.stalled : uploadMessages.failed,
      });
    request.onerror = failed;
    request.onabort = failed;
    request.onload = () => {
      const answer: unknown = request.response;
      if (isUploadAnswer(answer)) resolve(answer);
      else if (request.status === 413)
        resolve({ ok: false, title: uploadMessages.tooLargeTitle, message: uploadMessages.tooLarge(name) });
      else failed();
    };
    watch(UPLOAD_STALL_MS);
    request.send(file);
  });
}

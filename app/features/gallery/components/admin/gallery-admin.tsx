import { ArrowDown, ArrowUp, ImagePlus, Upload } from "lucide-react";
import { useRef, useState } from "react";
import { useRevalidator } from "react-router";
import {
  pendingVisibility,
  VisibilityBadge,
  VisibilityToggle,
  type VisibilityLabels,
} from "../../../../components/admin/visibility.tsx";
import { ConfirmDialog } from "../../../../components/admin/confirm-dialog.tsx";
import { blocked } from "../../../../components/admin/blocked.ts";
import { ActionForm, EditDeleteButtons } from "../../../../components/admin/row-controls.tsx";
import { UploadProgressList } from "../../../../common/pictures/admin/upload-progress-list.tsx";
import { usePictureUploads } from "../../../../common/pictures/admin/use-picture-uploads.ts";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";
import { toastNotice } from "../../../../components/forms/toast-notice.ts";
import { isReplayingEarlyPress } from "../../../../lib/early-input.ts";
import { Picture } from "../../../../common/pictures/picture.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { ACCEPT_ATTRIBUTE, uploadMessages } from "../../../../common/pictures/picture-upload.ts";
import { countLine, type GalleryAdminPicture } from "../../gallery-model.ts";
import { PictureEditDialog } from "./picture-edit-dialog.tsx";

export const GALLERY_ACTION = "/admin/gallery";

/**
 * 'Galerie verwalten': upload several pictures at once (each with its progress), the count line,
 * cards with Sichtbar/Versteckt, caption, alt text and Reihenfolge; move up/down (the full order is
 * saved), show/hide, 'Bild bearbeiten', delete — with a warning when the picture is still shown
 * elsewhere. Empty: 'Keine Bilder vorhanden' and 'Erstes Bild hochladen'.
 */
export function GalleryAdmin({ pictures }: { pictures: GalleryAdminPicture[] }) {
  const fileInput = useRef<HTMLInputElement>(null);
  const revalidator = useRevalidator();
  const { uploads, start } = usePictureUploads("galerie", (answer, file) => {
    if (answer.ok) {
      toastNotice({ tone: "success", title: uploadMessages.added, description: file.name });
      void revalidator.revalidate();
    } else toastNotice({ tone: "error", title: answer.title, description: answer.message });
  });
  const [editing, setEditing] = useState<{ picture: GalleryAdminPicture; key: number } | undefined>();
  const [deleting, setDeleting] = useState<GalleryAdminPicture | undefined>();
  const remove = useRowAction({ onDone: () => setDeleting(undefined) });
  const order = useRowAction({ key: "gallery-order" });

  // A press made before the page was ready is carried out by a synthetic click, which the browser
  // does not let open the file picker (app/lib/early-input.ts): the staff member is asked to press again.
  const choose = () => {
    if (isReplayingEarlyPress()) toastNotice({ tone: "error", ...uploadMessages.pressAgain });
    else fileInput.current?.click();
  };

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite">
          {countLine(pictures.length)}
        </p>
        <Button onClick={choose}>
          <Upload aria-hidden="true" /> Bilder hochladen
        </Button>
        <input
          ref={fileInput}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          // Reached through the buttons; hidden from everyone else.
          className="hidden"
          tabIndex={-1}
          aria-label="Bilder zum Hochladen auswählen"
          onChange={(event) => {
            start(event.currentTarget.files ?? []);
            event.currentTarget.value = "";
          }}
        />
      </div>
      <p className="text-sm text-muted">
        JPG, PNG, WebP oder GIF, höchstens 10 MB pro Bild. Neue Bilder sind sichtbar und stehen am Ende.
      </p>
      <UploadProgressList uploads={uploads} />

      {pictures.length === 0 ? (
        <div className="rounded-lg border border-dashed border-stone-300 bg-white p-10 text-center">
          <ImagePlus className="mx-auto size-10 text-stone-400" aria-hidden="true" />
          <p className="mt-3 font-semibold">Keine Bilder vorhanden</p>
          <Button className="mt-4" variant="outline" onClick={choose}>
            Erstes Bild hochladen
          </Button>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {pictures.map((picture, index) => (
            <PictureCard
              key={picture.id}
              picture={picture}
              orderAfterMove={(direction) => {
                const ids = pictures.map((entry) => entry.id);
                const other = direction === "up" ? index - 1 : index + 1;
                if (other < 0 || other >= ids.length) return undefined;
                [ids[index], ids[other]] = [ids[other] ?? 0, ids[index] ?? 0];
                return ids.join(",");
              }}
              orderFetcher={order}
              onEdit={() => setEditing({ picture, key: Date.now() })}
              onDelete={() => setDeleting(picture)}
            />
          ))}
        </ul>
      )}

      {editing ? (
        <PictureEditDialog
          key={editing.key}
          picture={editing.picture}
          action={GALLERY_ACTION}
          onClose={() => setEditing(undefined)}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Bild löschen?"
        description={deleting ? <DeleteWarning picture={deleting} /> : ""}
        confirmLabel="Endgültig löschen"
        intent="picture-delete"
        id={deleting?.id}
        action={GALLERY_ACTION}
        fetcher={remove.fetcher}
        returnFocusTo={() => document.querySelector<HTMLElement>("main h1")}
      />
    </div>
  );
}

function DeleteWarning({ picture }: { picture: GalleryAdminPicture }) {
  return (
    <span className="block space-y-2">
      <span className="block">
        „{picture.altText}“ und alle seine Größen werden gelöscht. Das kann nicht rückgängig gemacht werden.
      </span>
      {picture.usedIn.length > 0 ? (
        <span className="block rounded-md border border-amber-600 bg-amber-50 p-2 text-amber-950">
          <strong>Achtung: Das Bild wird noch verwendet</strong> — {picture.usedIn.join(", ")}. Dort wird nach
          dem Löschen kein Bild (bzw. das Standardbild) gezeigt.
        </span>
      ) : null}
    </span>
  );
}

const germanVisibility: VisibilityLabels = {
  visible: "Sichtbar",
  hidden: "Versteckt",
  hide: "Verstecken",
  show: "Anzeigen",
  toggleName: (name, visible) => `${name} ${visible ? "verstecken" : "anzeigen"}`,
};

function PictureCard({
  picture,
  orderAfterMove,
  orderFetcher,
  onEdit,
  onDelete,
}: {
  picture: GalleryAdminPicture;
  orderAfterMove: (direction: "up" | "down") => string | undefined;
  orderFetcher: ReturnType<typeof useRowAction>;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toggle = useRowAction({ key: `gallery-publish-${picture.id}` });
  const published = pendingVisibility(toggle.fetcher, "is_published", picture.published);
  const label = picture.caption || picture.altText;
  const moveButton = (direction: "up" | "down") => {
    const next = orderAfterMove(direction);
    return (
      <ActionForm
        fetcher={orderFetcher.fetcher}
        action={GALLERY_ACTION}
        intent="picture-order"
        id={picture.id}
        fields={{ order: next ?? "" }}
      >
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          {...blocked(next === undefined || orderFetcher.pending)}
          aria-label={`${label} nach ${direction === "up" ? "vorne" : "hinten"} verschieben`}
        >
          {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
        </Button>
      </ActionForm>
    );
  };
  return (
    <li>
      <article
        aria-label={label}
        className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xs"
      >
        <div className="relative">
          <Picture
            src={picture.address}
            alt={picture.altText}
            sizes="(min-width: 1280px) 30vw, (min-width: 640px) 50vw, 100vw"
            className="aspect-[4/3] w-full"
          />
          <VisibilityBadge visible={published} labels={germanVisibility} className="absolute top-2 left-2" />
        </div>
        <div className="space-y-1 p-4 text-sm">
          <p className="font-semibold">
            {picture.caption || <span className="font-normal text-muted">Ohne Bildunterschrift</span>}
          </p>
          <p>
            <span className="text-muted">Alt-Text:</span> {picture.altText}
          </p>
          <p className="text-muted">Reihenfolge: {picture.displayOrder}</p>
          {picture.usedIn.length > 0 ? (
            <p className="text-muted">Auch verwendet: {picture.usedIn.join(", ")}</p>
          ) : null}
          <div className="flex flex-wrap items-center gap-1 pt-2">
            <VisibilityToggle
              fetcher={toggle.fetcher}
              action={GALLERY_ACTION}
              intent="picture-publish"
              id={picture.id}
              field="is_published"
              visible={published}
              rowName={label}
              labels={germanVisibility}
            />
            {moveButton("up")}
            {moveButton("down")}
            <span className="flex-1" />
            <EditDeleteButtons
              editLabel={`${label} bearbeiten`}
              deleteLabel={`${label} löschen`}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          </div>
        </div>
      </article>
    </li>
  );
}

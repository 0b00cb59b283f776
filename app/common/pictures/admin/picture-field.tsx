import { Images, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Field, type FieldMessages } from "../../../components/forms/field.tsx";
import { Picture } from "../picture.tsx";
import { Button } from "../../../components/ui/button.tsx";
import { ACCEPT_ATTRIBUTE, uploadMessages, type UploadTarget } from "../picture-upload.ts";
import { cn } from "../../../lib/utils.ts";
import { UploadProgressList } from "./upload-progress-list.tsx";
import { usePictureUploads } from "./use-picture-uploads.ts";

/** A gallery picture to choose from. */
export interface ChoosablePicture {
  address: string;
  alt: string;
}

export interface PictureFieldLabels {
  upload: string;
  chooseFromGallery: string;
  galleryList: string;
  noGallery: string;
  choose: (alt: string) => string;
}

export const germanPictureLabels: PictureFieldLabels = {
  upload: "Bild hochladen",
  chooseFromGallery: "Aus der Galerie wählen",
  galleryList: "Bilder der Galerie",
  noGallery: "Die Galerie hat noch keine Bilder.",
  choose: (alt) => `${alt} wählen`,
};

/**
 * A picture's address with what staff need around it: a preview, an upload (the picture goes through
 * the server's pipeline and its address lands in the field) and, given `gallery`, a choice from the
 * gallery. The address can still be typed. A file that is no picture is answered in place with the
 * alert 'Bitte wählen Sie eine Bilddatei aus.' (docs/product/pictures.md#uploads); the form is saved as
 * usual.
 */
export function PictureField({
  name,
  label,
  value,
  onChange,
  target,
  description,
  errors,
  optional,
  id,
  gallery,
  labels = germanPictureLabels,
  className,
}: {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (address: string) => void;
  target: UploadTarget;
  description?: string;
  errors?: FieldMessages;
  optional?: boolean;
  id?: string;
  gallery?: readonly ChoosablePicture[];
  labels?: PictureFieldLabels;
  className?: string;
}) {
  const fileInput = useRef<HTMLInputElement>(null);
  const [alert, setAlert] = useState<string | undefined>();
  const [choosing, setChoosing] = useState(false);
  const listId = useId();
  const { uploads, start } = usePictureUploads(target, (answer) => {
    if (answer.ok) {
      setAlert(undefined);
      onChange(answer.address);
    } else
      setAlert(answer.title === uploadMessages.notAPictureTitle ? uploadMessages.noFile : answer.message);
  });
  const sending = uploads.filter((upload) => upload.state === "waiting" || upload.state === "sending");
  const busy = sending.length > 0;

  // While a picture is on its way, the form it belongs to is not sent: it would save the old address.
  useEffect(() => {
    const form = fileInput.current?.form;
    if (!form || !busy) return;
    const hold = (event: SubmitEvent) => {
      event.preventDefault();
      setAlert(uploadMessages.stillUploading);
    };
    form.addEventListener("submit", hold);
    return () => form.removeEventListener("submit", hold);
  }, [busy]);

  return (
    <div className={cn("space-y-3", className)}>
      <div className="flex items-start gap-4">
        <Picture src={value || null} alt="" sizes="8rem" className="aspect-[4/3] w-32 shrink-0 rounded-md" />
        <Field
          id={id}
          className="min-w-0 flex-1"
          label={label}
          optional={optional}
          description={description ? `${description} ${uploadMessages.hint}.` : `${uploadMessages.hint}.`}
          errors={errors}
          inputProps={{
            name,
            value,
            onChange: (event) => onChange(event.currentTarget.value),
            inputMode: "url",
            spellCheck: false,
            autoComplete: "off",
            placeholder: "/bilder/…",
          }}
        />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
          <Upload aria-hidden="true" /> {labels.upload}
        </Button>
        {gallery ? (
          <Button
            type="button"
            variant="outline"
            size="sm"
            aria-expanded={choosing}
            aria-controls={listId}
            onClick={() => setChoosing((open) => !open)}
          >
            <Images aria-hidden="true" /> {labels.chooseFromGallery}
          </Button>
        ) : null}
        <input
          ref={fileInput}
          type="file"
          // Any file may be chosen, so a wrong one gets the alert instead of silence.
          accept={`${ACCEPT_ATTRIBUTE},image/*`}
          // Reached through the button above; hidden from everyone else (so it names nothing twice).
          className="hidden"
          tabIndex={-1}
          data-picture-upload={target}
          onChange={(event) => {
            const file = event.currentTarget.files?.[0];
            event.currentTarget.value = "";
            if (!file) return;
            if (!file.type.startsWith("image/")) {
              setAlert(uploadMessages.noFile);
              return;
            }
            setAlert(undefined);
            start([file]);
          }}
        />
      </div>
      {alert ? (
        <p role="alert" className="rounded-md border border-brand-700 bg-brand-50 p-2 text-sm text-brand-900">
          {alert}
        </p>
      ) : null}
      <UploadProgressList uploads={sending} />
      {gallery && choosing ? (
        gallery.length === 0 ? (
          <p id={listId} className="text-sm text-muted">
            {labels.noGallery}
          </p>
        ) : (
          <ul
            id={listId}
            aria-label={labels.galleryList}
            className="grid max-h-64 grid-cols-3 gap-2 overflow-y-auto sm:grid-cols-4"
          >
            {gallery.map((picture) => (
              <li key={picture.address}>
                <button
                  type="button"
                  aria-pressed={picture.address === value}
                  aria-label={labels.choose(picture.alt)}
                  onClick={() => {
                    onChange(picture.address);
                    setChoosing(false);
                  }}
                  className={cn(
                    "block w-full overflow-hidden rounded-md border-2",
                    picture.address === value ? "border-brand-700" : "border-transparent",
                  )}
                >
                  <Picture src={picture.address} alt="" sizes="8rem" className="aspect-[4/3] w-full" />
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}

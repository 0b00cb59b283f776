import { useRowAction } from "../../../../components/admin/use-row-action.ts";
import { Field } from "../../../../components/forms/field.tsx";
import { FormActions } from "../../../../components/forms/form-actions.tsx";
import { useClientCheck } from "../../../../components/forms/use-client-check.ts";
import { Picture } from "../../../../common/pictures/picture.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "../../../../components/ui/dialog.tsx";
import { fieldErrorsOf, INTENT_FIELD, saveMessages, type FieldErrors } from "../../../../lib/forms.ts";
import type { GalleryAdminPicture } from "../../gallery-model.ts";
import { pictureEditSchema, pictureEditValues } from "../../schema.ts";

/** 'Bild bearbeiten': caption, alt text (required), published switch; checked here with the action's schema. */
export function PictureEditDialog({
  picture,
  action,
  onClose,
}: {
  picture: GalleryAdminPicture;
  action: string;
  onClose: () => void;
}) {
  const { fetcher, pending, fieldErrors } = useRowAction({ onDone: onClose });
  const { clientErrors, setClientErrors, check } = useClientCheck((values) => {
    const result = pictureEditSchema.safeParse(pictureEditValues(values));
    return result.success ? undefined : fieldErrorsOf(result.error);
  });
  const errors: FieldErrors = clientErrors ?? fieldErrors ?? {};
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Bild bearbeiten</DialogTitle>
          <DialogDescription>
            Der Alt-Text beschreibt das Bild für Menschen, die es nicht sehen können.
          </DialogDescription>
        </DialogHeader>
        <Picture src={picture.address} alt="" sizes="32rem" className="aspect-[4/3] w-full rounded-md" />
        <fetcher.Form
          method="post"
          action={action}
          noValidate
          className="space-y-4"
          onSubmit={(event) => {
            check(event);
          }}
          onChange={() => clientErrors && setClientErrors(undefined)}
        >
          <input type="hidden" name={INTENT_FIELD} value="picture-save" />
          <input type="hidden" name="id" value={picture.id} />
          <Field
            label="Bildunterschrift"
            optional
            errors={errors.caption}
            inputProps={{ name: "caption", defaultValue: picture.caption ?? "", maxLength: 300 }}
          />
          <Field
            label="Alt-Text *"
            errors={errors.alt_text}
            inputProps={{ name: "alt_text", defaultValue: picture.altText, maxLength: 300, required: true }}
          />
          <label className="flex items-center gap-3 text-sm font-medium">
            <input
              type="checkbox"
              role="switch"
              name="is_published"
              defaultChecked={picture.published}
              className="size-5 accent-brand-700"
            />
            Veröffentlicht (in der Galerie der Startseite sichtbar)
          </label>
          <FormActions onCancel={onClose} pending={pending} pendingText={saveMessages.saving}>
            Speichern
          </FormActions>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

import { Plus } from "lucide-react";
import { useState } from "react";
import {
  PictureField,
  type ChoosablePicture,
  type PictureFieldLabels,
} from "../../../../common/pictures/admin/picture-field.tsx";
import { SelectField, type FieldMessages } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../../components/ui/tabs.tsx";
import type { FeaturedDishCategory } from "../../../../../db/database.types.ts";
import { formatPrice } from "../../../../lib/format.ts";
import { marksOf, printedMarks } from "../../marks.ts";
import type { ShowcaseRow } from "../../menu-model.ts";
import { SHOWCASE_CATEGORIES, showcaseFields, showcaseSchema } from "../../schema.ts";
import { DishPicture } from "../dish-picture.tsx";
import {
  pendingVisibility,
  VisibilityBadge,
  VisibilityToggle,
  type VisibilityLabels,
} from "../../../../components/admin/visibility.tsx";
import { ConfirmDialog } from "../../../../components/admin/confirm-dialog.tsx";
import { DishFormDialog, type DishFormLabels } from "./dish-form-dialog.tsx";
import { EditDeleteButtons, MoveButton } from "../../../../components/admin/row-controls.tsx";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

export const SHOWCASE_ACTION = "/admin/menu-items";

const englishLabels: DishFormLabels = {
  name: "Name",
  description: "Description",
  price: "Price",
  save: "Save",
  cancel: "Cancel",
  saving: "Saving...",
};

/**
 * 'Menu Items Management' (English labels, as the original had them; docs/product/menu.md#staff-screens): the
 * home page's showcase in five category tabs with counts; cards with picture, description, price,
 * Active/Hidden, sort order; hide/show, move, edit, delete; the 'Add New / Edit Menu Item' dialog.
 */
export function ShowcaseAdmin({
  items,
  gallery,
}: {
  items: ShowcaseRow[];
  /** The gallery's pictures, to choose a dish's picture from. */
  gallery: readonly ChoosablePicture[];
}) {
  const [tab, setTab] = useState<FeaturedDishCategory>("antipasti");
  const [dialog, setDialog] = useState<{ item?: ShowcaseRow; key: number } | undefined>();
  const [deleting, setDeleting] = useState<ShowcaseRow | undefined>();
  const remove = useRowAction({ onDone: () => setDeleting(undefined) });

  return (
    <div className="space-y-6">
      <div>
        <Button onClick={() => setDialog({ key: Date.now() })}>
          <Plus aria-hidden="true" /> Add New Menu Item
        </Button>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as FeaturedDishCategory)}>
        <TabsList aria-label="Categories">
          {SHOWCASE_CATEGORIES.map((category) => (
            <TabsTrigger key={category.id} value={category.id}>
              {category.label} ({items.filter((item) => item.category === category.id).length})
            </TabsTrigger>
          ))}
        </TabsList>
        {SHOWCASE_CATEGORIES.map((category) => {
          const inCategory = items.filter((item) => item.category === category.id);
          return (
            <TabsContent key={category.id} value={category.id}>
              {inCategory.length === 0 ? (
                <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
                  No menu items in {category.label} yet.
                </p>
              ) : (
                <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                  {inCategory.map((item, index) => (
                    <ShowcaseCard
                      key={item.id}
                      item={item}
                      first={index === 0}
                      last={index === inCategory.length - 1}
                      onEdit={() => setDialog({ item, key: Date.now() })}
                      onDelete={() => setDeleting(item)}
                    />
                  ))}
                </ul>
              )}
            </TabsContent>
          );
        })}
      </Tabs>

      {dialog ? (
        <DishFormDialog
          key={dialog.key}
          open
          onOpenChange={(open) => (open ? undefined : setDialog(undefined))}
          title={dialog.item ? "Edit Menu Item" : "Add New Menu Item"}
          description="Fields marked * are required. Shown in the menu section of the home page."
          intent="item-save"
          action={SHOWCASE_ACTION}
          schema={showcaseSchema}
          fields={showcaseFields}
          dish={dialog.item}
          descriptionRequired
          labels={englishLabels}
          english
          onSaved={(sent) => {
            const category = SHOWCASE_CATEGORIES.find((entry) => entry.id === sent.get("category"));
            if (category) setTab(category.id);
          }}
          extra={(errors) => (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <SelectField
                  label="Category *"
                  errors={errors.category}
                  options={SHOWCASE_CATEGORIES.map((category) => ({
                    value: category.id,
                    label: category.label,
                  }))}
                  selectProps={{ name: "category", defaultValue: dialog.item?.category ?? tab }}
                />
                <label className="flex items-center gap-3 self-end pb-2 text-sm font-medium">
                  <input
                    type="checkbox"
                    role="switch"
                    name="is_active"
                    defaultChecked={dialog.item?.is_active ?? true}
                    className="size-5 accent-brand-700"
                  />
                  Active (shown on the home page)
                </label>
              </div>
              <ShowcasePicture
                initial={dialog.item?.image_url ?? ""}
                errors={errors.image_url}
                gallery={gallery}
              />
            </>
          )}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Delete menu item?"
        description={
          deleting ? `“${deleting.name}” will be removed from the home page. This cannot be undone.` : ""
        }
        confirmLabel="Delete"
        cancelLabel="Cancel"
        pendingText="Deleting..."
        intent="item-delete"
        returnFocusTo={() => document.querySelector<HTMLElement>('[role="tab"][data-state="active"]')}
        id={deleting?.id}
        action={SHOWCASE_ACTION}
        fetcher={remove.fetcher}
      />
    </div>
  );
}

const englishPictureLabels: PictureFieldLabels = {
  upload: "Upload image",
  chooseFromGallery: "Choose from gallery",
  galleryList: "Gallery pictures",
  noGallery: "The gallery has no pictures yet.",
  choose: (alt) => `Choose ${alt}`,
};

/** The dish's picture: uploaded, chosen from the gallery, or an address. */
function ShowcasePicture({
  initial,
  errors,
  gallery,
}: {
  initial: string;
  errors: FieldMessages;
  gallery: readonly ChoosablePicture[];
}) {
  const [address, setAddress] = useState(initial);
  return (
    <PictureField
      name="image_url"
      label="Image"
      optional
      description="Upload a picture, choose one from the gallery, or give a path on this site or an https address."
      value={address}
      onChange={setAddress}
      target="gericht"
      gallery={gallery}
      labels={englishPictureLabels}
      errors={errors}
    />
  );
}

const englishVisibility: VisibilityLabels = {
  visible: "Active",
  hidden: "Hidden",
  hide: "Hide",
  show: "Show",
  toggleName: (name, visible) => `${visible ? "Hide" : "Show"} ${name}`,
};

function ShowcaseCard({
  item,
  first,
  last,
  onEdit,
  onDelete,
}: {
  item: ShowcaseRow;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const toggle = useRowAction({ key: `toggle-${item.id}` });
  const move = useRowAction({ key: `item-move-${item.id}` });
  const marks = printedMarks(marksOf("allergens", item.allergens), marksOf("additives", item.additives));
  const active = pendingVisibility(toggle.fetcher, "is_active", item.is_active);
  const moveButton = (direction: "up" | "down") => (
    <MoveButton
      fetcher={move.fetcher}
      action={SHOWCASE_ACTION}
      intent="item-move"
      id={item.id}
      direction={direction}
      isBlocked={(direction === "up" ? first : last) || move.pending}
      label={`Move ${item.name} ${direction}`}
    />
  );
  return (
    <li>
      <article
        aria-label={item.name}
        className="overflow-hidden rounded-lg border border-stone-200 bg-white shadow-xs"
      >
        <DishPicture src={item.image_url} className="aspect-[4/3] w-full" />
        <div className="space-y-2 p-4">
          <div className="flex items-start justify-between gap-2">
            <h3 className="font-sans text-base font-semibold">{item.name}</h3>
            <VisibilityBadge visible={active} labels={englishVisibility} />
          </div>
          <p className="text-sm text-muted">{item.description}</p>
          <p className="flex items-baseline justify-between text-sm">
            <span className="font-semibold text-brand-700 tabular-nums">{formatPrice(item.price_cents)}</span>
            <span className="text-muted">Sort order: {item.sort_order}</span>
          </p>
          {marks ? <p className="text-xs text-muted">Allergens/additives: {marks}</p> : null}
          <div className="flex flex-wrap items-center gap-1 pt-1">
            <VisibilityToggle
              fetcher={toggle.fetcher}
              action={SHOWCASE_ACTION}
              intent="item-toggle"
              id={item.id}
              field="is_active"
              visible={active}
              rowName={item.name}
              labels={englishVisibility}
            />
            {moveButton("up")}
            {moveButton("down")}
            <span className="flex-1" />
            <EditDeleteButtons
              editLabel={`Edit ${item.name}`}
              deleteLabel={`Delete ${item.name}`}
              onEdit={onEdit}
              onDelete={onDelete}
            />
          </div>
        </div>
      </article>
    </li>
  );
}

import { Plus, Tags } from "lucide-react";
import { useState } from "react";
import { SelectField, Field } from "../../../../components/forms/field.tsx";
import { Button } from "../../../../components/ui/button.tsx";
import type { CategoryRow, ProductRow } from "../../menu-model.ts";
import { menuLimits, productFields, productSchema } from "../../schema.ts";
import { ActiveList, activeEntriesOf } from "./active-list.tsx";
import { CategoryManager } from "./category-manager.tsx";
import { ConfirmDialog } from "../../../../components/admin/confirm-dialog.tsx";
import { DishCard } from "./dish-card.tsx";
import { DishFormDialog } from "./dish-form-dialog.tsx";
import { useOptimisticActive } from "./optimistic-active.ts";
import { useRowAction } from "../../../../components/admin/use-row-action.ts";

export const SPEISEKARTE_ACTION = "/admin/speisekarte";

export interface SpeisekarteAdminProps {
  products: ProductRow[];
  /** Main categories in order, each followed by its subcategories. */
  tree: Array<CategoryRow & { level: 0 | 1 }>;
  activeIds: number[];
}

const UNCATEGORIZED = "Ohne Kategorie";

/** The master list's groups: the category tree's order, 'Ohne Kategorie' last, empty groups hidden. */
function groupProducts(products: readonly ProductRow[], tree: SpeisekarteAdminProps["tree"]) {
  const known = new Set(tree.map((category) => category.id));
  const groups = tree
    .map((category) => ({
      key: String(category.id),
      name: category.name,
      level: category.level,
      products: products.filter((product) => product.category_id === category.id),
    }))
    .filter((group) => group.products.length > 0);
  const rest = products.filter((product) => product.category_id === null || !known.has(product.category_id));
  if (rest.length > 0) groups.push({ key: "none", name: UNCATEGORIZED, level: 0, products: rest });
  return groups;
}

/**
 * 'Speisekarte verwalten': left 'Alle Produkte (Master-Liste)' grouped by category, right 'Aktive
 * Speisekarte' in the card's order; 'Kategorien verwalten' and 'Neues Produkt'.
 */
export function SpeisekarteAdmin({ products, tree, activeIds }: SpeisekarteAdminProps) {
  const [productDialog, setProductDialog] = useState<{ product?: ProductRow; key: number } | undefined>();
  const [deleting, setDeleting] = useState<ProductRow | undefined>();
  const [categoriesOpen, setCategoriesOpen] = useState(false);
  const remove = useRowAction({ onDone: () => setDeleting(undefined) });
  const shownActive = useOptimisticActive(activeIds, SPEISEKARTE_ACTION);
  const activeSet = new Set(shownActive);
  const categoryOptions = [
    { value: "", label: UNCATEGORIZED },
    ...tree.map((category) => ({
      value: String(category.id),
      label: category.level === 1 ? `– ${category.name}` : category.name,
    })),
  ];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap gap-2">
        <Button onClick={() => setProductDialog({ key: Date.now() })}>
          <Plus aria-hidden="true" /> Neues Produkt
        </Button>
        <Button variant="outline" onClick={() => setCategoriesOpen(true)}>
          <Tags aria-hidden="true" /> Kategorien verwalten
        </Button>
      </div>

      <div className="grid gap-8 lg:grid-cols-2">
        <section aria-labelledby="master-heading">
          <h2 id="master-heading" tabIndex={-1} className="mb-3 font-sans text-xl font-semibold">
            Alle Produkte (Master-Liste)
          </h2>
          {products.length === 0 ? (
            <p className="rounded-lg border border-dashed border-stone-300 bg-white p-6 text-center text-muted">
              Noch keine Produkte. Legen Sie mit „Neues Produkt“ das erste an.
            </p>
          ) : (
            <div className="space-y-6">
              {groupProducts(products, tree).map((group) => (
                <section key={group.key} aria-labelledby={`group-${group.key}`}>
                  <h3
                    id={`group-${group.key}`}
                    className="mb-2 border-b border-stone-200 pb-1 font-sans text-base font-semibold text-stone-700"
                  >
                    {group.name}
                    {group.level === 1 ? <span className="sr-only"> (Unterkategorie)</span> : null}
                  </h3>
                  <ul className="space-y-2">
                    {group.products.map((product) => (
                      <DishCard
                        key={product.id}
                        dish={product}
                        subtitle={product.category_name ?? UNCATEGORIZED}
                        action={SPEISEKARTE_ACTION}
                        active={activeSet.has(product.id)}
                        onEdit={() => setProductDialog({ product, key: Date.now() })}
                        onDelete={() => setDeleting(product)}
                      />
                    ))}
                  </ul>
                </section>
              ))}
            </div>
          )}
        </section>

        <section aria-labelledby="active-heading" className="lg:sticky lg:top-4 lg:self-start">
          <h2 id="active-heading" className="mb-3 font-sans text-xl font-semibold">
            Aktive Speisekarte
          </h2>
          <ActiveList
            action={SPEISEKARTE_ACTION}
            emptyText="Die aktive Speisekarte ist leer. Fügen Sie Produkte aus der Master-Liste hinzu."
            entries={activeEntriesOf(shownActive, products)}
          />
        </section>
      </div>

      {productDialog ? (
        <DishFormDialog
          key={productDialog.key}
          open
          onOpenChange={(open) => (open ? undefined : setProductDialog(undefined))}
          title={productDialog.product ? "Produkt bearbeiten" : "Neues Produkt"}
          description="Pflichtfelder sind mit * markiert. Allergene und Zusatzstoffe erscheinen auf der Speisekarte."
          intent="product-save"
          action={SPEISEKARTE_ACTION}
          schema={productSchema}
          fields={productFields}
          dish={productDialog.product}
          extra={(errors) => (
            <div className="grid gap-4 sm:grid-cols-[2fr_1fr]">
              <SelectField
                label="Kategorie"
                errors={errors.category_id}
                options={categoryOptions}
                selectProps={{
                  name: "category_id",
                  defaultValue:
                    productDialog.product?.category_id === null || !productDialog.product
                      ? ""
                      : String(productDialog.product.category_id),
                }}
              />
              <Field
                label="Produktnummer"
                optional
                errors={errors.product_code}
                inputProps={{
                  name: "product_code",
                  defaultValue: productDialog.product?.product_code ?? "",
                  maxLength: menuLimits.productCode,
                }}
              />
            </div>
          )}
        />
      ) : null}

      <ConfirmDialog
        open={deleting !== undefined}
        onOpenChange={(open) => (open ? undefined : setDeleting(undefined))}
        title="Produkt löschen?"
        description={
          deleting
            ? `„${deleting.name}“ wird gelöscht und von der aktiven Speisekarte entfernt. Das kann nicht rückgängig gemacht werden.`
            : ""
        }
        confirmLabel="Löschen"
        intent="product-delete"
        returnFocusTo={() => document.getElementById("master-heading")}
        id={deleting?.id}
        action={SPEISEKARTE_ACTION}
        fetcher={remove.fetcher}
      />

      <CategoryManager
        open={categoriesOpen}
        onOpenChange={setCategoriesOpen}
        tree={tree}
        action={SPEISEKARTE_ACTION}
      />
    </div>
  );
}

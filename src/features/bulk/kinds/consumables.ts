import { CHARGE_CATEGORIES, type ChargeCategory } from '@shared/ledger';
import { MoneyError, minorToDecimalString, parseAmount } from '@shared/money';
import { consumableInput } from '@shared/schemas/venue-setup';
import { choiceOf, schemaErrors, type BulkKind, type RowErrorCodes } from './kind';

type Field = 'name' | 'category' | 'unit' | 'price';

/**
 * A price in what people paste: "12.50", "12,50", "€ 1.234,50", "1'234.50 CHF". The last dot or
 * comma followed by one or two digits is the decimal mark; other marks group thousands.
 */
export function priceOf(text: string): number {
  const bare = text.replace(/[^\d.,'\s-]/g, '').trim();
  const decimal = /[.,](\d{1,2})$/.exec(bare);
  const whole = (decimal ? bare.slice(0, decimal.index) : bare).replace(/[.,'\s]/g, '');
  return parseAmount(decimal ? `${whole}.${decimal[1]}` : whole);
}

export const consumablesKind: BulkKind<Field> = {
  id: 'consumables',
  path: 'consumable/',
  columns: [
    {
      field: 'name',
      aliases: ['Name', 'Article', 'Artikel', 'Bezeichnung', 'Nazwa', 'Artykuł', 'Nom', 'Nome', 'Articolo', 'Produkt'],
    },
    { field: 'category', aliases: ['Category', 'Kategorie', 'Kategoria', 'Catégorie', 'Categoria'] },
    { field: 'unit', aliases: ['Unit', 'Einheit', 'Jednostka', 'Unité', 'Unità'] },
    {
      field: 'price',
      aliases: [
        'Price',
        'Unit price',
        'Preis',
        'Einzelpreis',
        'Cena',
        'Cena jednostkowa',
        'Prix',
        'Prix unitaire',
        'Prezzo',
        'Prezzo unitario',
      ],
    },
  ],
  columnOf: (field) =>
    field === 'unit_price' ? 'price' : (['name', 'category', 'unit'] as const).find((f) => f === field),

  check(cells, { venueId, t }) {
    const errors: RowErrorCodes = {};
    const label = (value: ChargeCategory) => t(`venueSetup:category.${value}`);
    const category = cells.category ? choiceOf(cells.category, CHARGE_CATEGORIES, label) : 'other';
    if (!category) errors.category = ['invalid'];
    let price: number | undefined;
    if (!cells.price) errors.price = ['required'];
    else {
      try {
        price = priceOf(cells.price);
      } catch (error) {
        if (!(error instanceof MoneyError)) throw error;
        errors.price = ['invalid'];
      }
    }
    const unit = cells.unit || t('venueSetup:consumables.defaultUnit');
    const input = {
      venue: venueId,
      name: cells.name,
      category: category ?? 'other',
      unit,
      unit_price: price ?? 0,
    };
    schemaErrors(consumableInput, input, consumablesKind.columnOf, errors);
    return {
      input,
      errors,
      display: {
        name: cells.name,
        category: category ? label(category) : cells.category,
        unit,
        price: price === undefined ? cells.price : minorToDecimalString(price),
      },
    };
  },
};

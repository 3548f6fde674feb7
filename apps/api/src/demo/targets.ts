import { DEFAULT_TIMEZONE } from '@panel/shared';
import type { Tx } from '../db/client.ts';
import { brands, suppliers } from '../db/schema/catalog.ts';
import { monthlyTargetUnits, monthlyVolumes } from '../db/schema/targets.ts';

/** Suppliers of a cleaning-products distributor (fictional companies). */
export const DEMO_SUPPLIERS = [
  { code: 'SUP001', businessName: 'Química Andina S.A.' },
  { code: 'SUP002', businessName: 'Distribuidora Limpiasur S.R.L.' },
  { code: 'SUP003', businessName: 'Clorindo Hnos. S.A.' },
  { code: 'SUP004', businessName: 'Laboratorios Brillomax S.A.' },
  { code: 'SUP005', businessName: 'Papelera Río Colorado S.R.L.' },
  { code: 'SUP006', businessName: 'Higiene Total Cuyo S.A.' },
  { code: 'SUP007', businessName: 'Insumos Pampeanos de Limpieza S.A.' },
  { code: 'SUP008', businessName: 'Aromas del Litoral S.R.L.' },
] as const;

/** Their brands (fictional), by the supplier that makes each one (index into DEMO_SUPPLIERS). */
export const DEMO_BRANDS = [
  { code: 'BR001', name: 'Brillex Multiuso', supplier: 3 },
  { code: 'BR002', name: 'Cloromax Lavandina', supplier: 2 },
  { code: 'BR003', name: 'Espumín Detergente', supplier: 0 },
  { code: 'BR004', name: 'Pisoluz Limpiapisos', supplier: 0 },
  { code: 'BR005', name: 'Desengrasol Cocina', supplier: 6 },
  { code: 'BR006', name: 'Suavelín Suavizante', supplier: 1 },
  { code: 'BR007', name: 'Aromas del Sur', supplier: 7 },
  { code: 'BR008', name: 'Vidrioclar', supplier: 3 },
  { code: 'BR009', name: 'Manos Suaves Jabón Líquido', supplier: 5 },
  { code: 'BR010', name: 'Rollito Max Papel Higiénico', supplier: 4 },
] as const;

/** Monthly weight of the money target: the summer months sell less, the year's end more. */
const SEASON = [0.85, 0.8, 1, 1, 1.05, 1, 0.95, 1, 1.05, 1.1, 1.15, 1.3];

/**
 * Suppliers, brands, and the current year's targets of every demo seller: a money volume per
 * month, and units for two or three supplier and brand pairs (a few months left without).
 */
export async function seedTargets(tx: Tx, sellerIds: number[], now: Date, random: () => number) {
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const supplierRows = await tx
    .insert(suppliers)
    .values(DEMO_SUPPLIERS.map((s) => ({ ...s })))
    .returning({ id: suppliers.id });
  const brandRows = await tx
    .insert(brands)
    .values(DEMO_BRANDS.map(({ code, name }) => ({ code, name })))
    .returning({ id: brands.id });

  const year = Number(
    new Intl.DateTimeFormat('en', { timeZone: DEFAULT_TIMEZONE, year: 'numeric' }).format(now),
  );
  const volumes = sellerIds.flatMap((userId) => {
    const base = between(800, 2500) * 1000;
    return SEASON.map((weight, i) => ({
      userId,
      year,
      month: i + 1,
      targetAmount: (Math.round((base * weight) / 1000) * 1000).toFixed(2),
    }));
  });
  await tx.insert(monthlyVolumes).values(volumes);

  const units = sellerIds.flatMap((userId, s) => {
    const pairs = 2 + (s % 2);
    return Array.from({ length: pairs }, (_, p) => {
      const brandIndex = (s * 3 + p * 4) % DEMO_BRANDS.length;
      const brand = DEMO_BRANDS[brandIndex]!;
      const base = between(40, 300);
      return SEASON.flatMap((weight, m) =>
        // Roughly one month in eight has no target yet.
        random() < 0.12
          ? []
          : [
              {
                userId,
                supplierId: supplierRows[brand.supplier]!.id,
                brandId: brandRows[brandIndex]!.id,
                year,
                month: m + 1,
                units: Math.round(base * weight),
              },
            ],
      );
    }).flat();
  });
  await tx.insert(monthlyTargetUnits).values(units);
}

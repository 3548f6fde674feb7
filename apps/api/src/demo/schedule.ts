import { DEFAULT_TIMEZONE } from '@panel/shared';
import type { Tx } from '../db/client.ts';
import { events, eventTypes } from '../db/schema/events.ts';
import { notifications, notificationTypes } from '../db/schema/notifications.ts';

/**
 * More of the calendar and the notifications for the demo (issue 6): types with their icons and
 * colours, a few weeks of notifications, and events on working days of the current and the next
 * month at believable local hours. Deterministic for a given `now`.
 */
export async function seedScheduleDemo(tx: Tx, now: Date, branchIds: number[], timeZone = DEFAULT_TIMEZONE) {
  const notificationTypeRows = await tx
    .insert(notificationTypes)
    .values([
      { name: 'Urgente', color: '#E03131', icon: '4.png' },
      { name: 'Logros', color: '#2F9E44', icon: '9.png' },
      { name: 'Logística', color: '#495057', icon: '22.png' },
      { name: 'Eventos', color: '#7048E8', icon: '7.png' },
      { name: 'Puntos y premios', color: '#F59F00', icon: '18.png' },
    ])
    .returning({ id: notificationTypes.id, name: notificationTypes.name });
  const allTypes = await tx
    .select({ id: notificationTypes.id, name: notificationTypes.name })
    .from(notificationTypes);
  const typeId = (name: string) => (allTypes.find((t) => t.name === name) ?? notificationTypeRows[0]!).id;

  const DAY = 86_400_000;
  const notificationRows: [string, string, string, number | null][] = [
    [
      'Urgente',
      'Corte de sistema el sábado',
      'El sábado de 8 a 10 no se podrán cargar pedidos por mantenimiento.',
      null,
    ],
    [
      'Logros',
      '¡Sucursal del mes!',
      'Felicitaciones al equipo por superar el 110% del objetivo de volumen.',
      0,
    ],
    [
      'Logística',
      'Demora en entregas de Ledesma',
      'Los pedidos de esta semana llegan con 48 h de demora.',
      null,
    ],
    [
      'Eventos',
      'Convención anual de ventas',
      'Reservá la fecha: premiación a los mejores vendedores del año.',
      null,
    ],
    [
      'Puntos y premios',
      'Duplicamos los puntos por encuestas',
      'Hasta fin de mes, cada encuesta completada suma el doble.',
      null,
    ],
    [
      'Promociones',
      'Combo limpieza hogar',
      'Lavandina + detergente + trapo de piso con 20% de descuento por bulto.',
      1,
    ],
    [
      'Capacitación',
      'Nuevo módulo: ventas por WhatsApp',
      'Ya está disponible en la app el curso de atención por WhatsApp.',
      null,
    ],
    ['General', 'Actualizá la app', 'Salió la versión 2.4 con mejoras en la carga de pedidos.', null],
    [
      'Logística',
      'Nuevo depósito en Córdoba',
      'Desde el lunes los pedidos de la zona centro salen del nuevo depósito.',
      2,
    ],
    [
      'Urgente',
      'Retiro de lote de desengrasante',
      'Retirá de góndola el lote 2411 del desengrasante de 500 ml.',
      null,
    ],
  ];
  await tx.insert(notifications).values(
    notificationRows.map(([type, title, message, branch], i) => ({
      notificationTypeId: typeId(type),
      branchId: branch === null ? null : (branchIds[branch % branchIds.length] ?? null),
      title,
      message,
      createdAt: new Date(now.getTime() - (i * 3 + 1) * DAY + i * 3_600_000),
    })),
  );

  const [visits] = await tx
    .insert(eventTypes)
    .values({ name: 'Visita a clientes', color: '#0CA678' })
    .returning({ id: eventTypes.id });
  const eventTypeRows = await tx.select({ id: eventTypes.id, name: eventTypes.name }).from(eventTypes);
  const eventType = (name: string) => (eventTypeRows.find((t) => t.name === name) ?? visits!).id;

  // [month offset, day of month, local hour, hours long, type, title, description]
  const plan: [number, number, number, number, string, string, string][] = [
    [0, 3, 9, 2, 'Reunión comercial', 'Planificación mensual', 'Objetivos del mes por sucursal y por marca.'],
    [
      0,
      5,
      10,
      3,
      'Visita a clientes',
      'Ruta mayoristas zona sur',
      'Recorrida con el supervisor por los mayoristas de la zona.',
    ],
    [
      0,
      8,
      15,
      2,
      'Capacitación',
      'Capacitación: limpieza profesional',
      'Productos para hoteles, restaurantes y oficinas.',
    ],
    [0, 12, 9, 1, 'Reunión comercial', 'Revisión de stock', 'Quiebres de stock y pedidos urgentes.'],
    [
      0,
      14,
      11,
      4,
      'Lanzamiento',
      'Lanzamiento detergente concentrado',
      'Presentación a clientes clave con degustación de producto.',
    ],
    [
      0,
      18,
      10,
      2,
      'Visita a clientes',
      'Visita a cadenas de supermercados',
      'Negociación de espacios en góndola.',
    ],
    [0, 21, 16, 2, 'Capacitación', 'Taller de objeciones', 'Cómo responder a las objeciones de precio.'],
    [0, 26, 9, 2, 'Reunión comercial', 'Cierre de mes', 'Repaso de ventas y ranking de puntos.'],
    [
      0,
      28,
      14,
      3,
      'Visita a clientes',
      'Feria de proveedores',
      'Stand propio en la feria regional de limpieza.',
    ],
    [1, 2, 9, 2, 'Reunión comercial', 'Arranque de mes', 'Nuevas metas y promociones vigentes.'],
    [
      1,
      6,
      10,
      2,
      'Capacitación',
      'Capacitación: app de pedidos 2.4',
      'Novedades de la nueva versión de la app.',
    ],
    [
      1,
      9,
      11,
      3,
      'Lanzamiento',
      'Lanzamiento línea ecológica',
      'Productos biodegradables y envases retornables.',
    ],
    [
      1,
      13,
      15,
      2,
      'Visita a clientes',
      'Visita a clientes institucionales',
      'Escuelas y clínicas de la zona norte.',
    ],
    [1, 16, 9, 1, 'Reunión comercial', 'Seguimiento de objetivos', 'Avance a mitad de mes.'],
    [
      1,
      20,
      10,
      6,
      'Capacitación',
      'Jornada de formación regional',
      'Encuentro presencial de todas las sucursales.',
    ],
    [
      1,
      23,
      14,
      2,
      'Visita a clientes',
      'Relevamiento de precios',
      'Comparación de precios con la competencia.',
    ],
    [1, 27, 9, 2, 'Reunión comercial', 'Cierre de mes', 'Resultados y premiación del mes.'],
  ];
  const today = zonedParts(now, timeZone);
  await tx.insert(events).values(
    plan.map(([monthOffset, day, hour, hours, type, title, description], i) => {
      const { year, month } = addMonths(today.year, today.month, monthOffset);
      const date = workingDay(year, month, day);
      const start = zonedInstant(date.year, date.month, date.day, hour, timeZone);
      return {
        eventTypeId: eventType(type),
        branchId: i % 4 === 1 ? (branchIds[i % branchIds.length] ?? null) : null,
        title,
        description,
        startAt: start,
        endAt: new Date(start.getTime() + hours * 3_600_000),
      };
    }),
  );
}

function addMonths(year: number, month: number, offset: number) {
  const m = month - 1 + offset;
  return { year: year + Math.floor(m / 12), month: (m % 12) + 1 };
}

/** The day, moved to the next Monday when it falls on a weekend, and kept within the month. */
function workingDay(year: number, month: number, day: number) {
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  let d = Math.min(day, last);
  const weekday = new Date(Date.UTC(year, month - 1, d)).getUTCDay();
  if (weekday === 6) d = d + 2 <= last ? d + 2 : d - 1;
  if (weekday === 0) d = d + 1 <= last ? d + 1 : d - 2;
  return { year, month, day: d };
}

function zonedParts(instant: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
  };
}

/** The calendar date `days` days after today's date in the time zone. */
export function localDate(now: Date, days: number, timeZone: string) {
  const today = zonedParts(now, timeZone);
  const d = new Date(Date.UTC(today.year, today.month - 1, today.day + days));
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() };
}

/** The instant of a wall-clock hour in the time zone (its offset read back through Intl). */
export function zonedInstant(year: number, month: number, day: number, hour: number, timeZone: string): Date {
  const guess = Date.UTC(year, month - 1, day, hour);
  const seen = zonedParts(new Date(guess), timeZone);
  const seenUtc = Date.UTC(seen.year, seen.month - 1, seen.day, seen.hour, seen.minute);
  return new Date(guess - (seenUtc - guess));
}

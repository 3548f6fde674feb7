/** Curated, believable Argentine data for SEED_DEMO (deterministic, no network, no faker at runtime). */

export const DEMO_BRANCHES = [
  { name: 'Casa Central', city: 'Buenos Aires', address: 'Av. Corrientes 1234, C1043AAZ CABA' },
  { name: 'Córdoba Centro', city: 'Córdoba', address: 'Av. Colón 845, X5000EPI Córdoba' },
  { name: 'Rosario Oroño', city: 'Rosario', address: 'Bv. Oroño 1650, S2000DSP Rosario' },
  { name: 'Mendoza San Martín', city: 'Mendoza', address: 'Av. San Martín 1020, M5500AAP Mendoza' },
  { name: 'La Plata', city: 'La Plata', address: 'Calle 7 N° 950, B1900TFP La Plata' },
  { name: 'Mar del Plata', city: 'Mar del Plata', address: 'Av. Independencia 2150, B7600 Mar del Plata' },
  {
    name: 'Tucumán',
    city: 'San Miguel de Tucumán',
    address: '24 de Septiembre 650, T4000 San Miguel de Tucumán',
  },
  { name: 'Salta Belgrano', city: 'Salta', address: 'Av. Belgrano 980, A4400 Salta' },
  { name: 'Neuquén', city: 'Neuquén', address: 'Av. Argentina 320, Q8300 Neuquén' },
  { name: 'Santa Fe Gálvez', city: 'Santa Fe', address: 'Bv. Gálvez 1450, S3000 Santa Fe' },
] as const;

export const FIRST_NAMES = [
  'Martina',
  'Sofía',
  'Valentina',
  'Camila',
  'Lucía',
  'Julieta',
  'Florencia',
  'Agustina',
  'Micaela',
  'Carolina',
  'Paula',
  'Romina',
  'Natalia',
  'Gabriela',
  'Victoria',
  'Mateo',
  'Santiago',
  'Juan Cruz',
  'Tomás',
  'Facundo',
  'Nicolás',
  'Matías',
  'Joaquín',
  'Lautaro',
  'Gonzalo',
  'Federico',
  'Martín',
  'Diego',
  'Pablo',
  'Ezequiel',
] as const;

export const LAST_NAMES = [
  'González',
  'Rodríguez',
  'Gómez',
  'Fernández',
  'López',
  'Díaz',
  'Martínez',
  'Pérez',
  'García',
  'Sánchez',
  'Romero',
  'Sosa',
  'Álvarez',
  'Torres',
  'Ruiz',
  'Ramírez',
  'Flores',
  'Acosta',
  'Benítez',
  'Medina',
  'Herrera',
  'Suárez',
  'Aguirre',
  'Giménez',
  'Gutiérrez',
  'Pereyra',
  'Molina',
  'Castro',
  'Ortiz',
  'Silva',
] as const;

export const DEMO_EVENT_TYPES = [
  { name: 'Capacitación', color: '#1C7ED6' },
  { name: 'Reunión comercial', color: '#2F9E44' },
  { name: 'Lanzamiento', color: '#E8590C' },
  { name: 'Feriado', color: '#FF0000' },
] as const;

/** [days from now, local hour (business time zone), type index, title, description] */
export const DEMO_EVENTS = [
  [-10, 9, 1, 'Cierre de mes: revisión de objetivos', 'Repaso de volúmenes y unidades por sucursal.'],
  [-3, 10, 0, 'Capacitación: técnicas de negociación', 'Taller virtual de dos horas.'],
  [0, 9, 1, 'Reunión semanal de ventas', 'Prioridades de la semana y novedades de proveedores.'],
  [
    1,
    11,
    2,
    'Lanzamiento línea Bagley Sin TACC',
    'Presentación de la nueva línea y material de punto de venta.',
  ],
  [2, 15, 0, 'Capacitación: nueva app de pedidos', 'Cómo cargar pedidos desde el celular.'],
  [4, 10, 1, 'Visita del gerente regional', 'Recorrida por las sucursales del interior.'],
  [6, 16, 2, 'Acción en góndola La Serenísima', 'Degustaciones en supermercados adheridos.'],
  [9, 9, 3, 'Feriado nacional', 'Las sucursales permanecen cerradas.'],
  [15, 14, 0, 'Capacitación: atención al cliente', 'Buenas prácticas y manejo de reclamos.'],
  [25, 18, 1, 'Convención anual de ventas', 'Premiación a los mejores vendedores del año.'],
] as const;

export const DEMO_NOTIFICATION_TYPES = [
  { name: 'General', color: '#FF0000', icon: '1.png' },
  { name: 'Promociones', color: '#F59F00', icon: '5.png' },
  { name: 'Capacitación', color: '#1C7ED6', icon: '12.png' },
] as const;

/** [type index, title, message] */
export const DEMO_NOTIFICATIONS = [
  [0, 'Bienvenidos a la comunidad', 'Desde la app vas a ver novedades, eventos y tus puntos.'],
  [1, 'Promo de invierno', 'Esta semana las galletitas Bagley tienen 15% de bonificación por bulto.'],
  [2, 'Nueva capacitación disponible', 'Ya podés anotarte a la capacitación sobre la app de pedidos.'],
  [0, 'Cierre de mes', 'Recordá cargar tus ventas antes del último día hábil.'],
] as const;

export const DEMO_POSTS = [
  '¡Cerramos la semana superando el objetivo de Lucchetti en un 12%! Gracias equipo 💪',
  'Nueva exhibición de La Serenísima en el súper de la esquina de Colón y General Paz.',
  'Consejo del día: ofrecé el combo Bagley + Ledesma, está saliendo muy bien en los autoservicios.',
  'Hoy visitamos 18 clientes en Rosario. Muy buena recepción de la promo de invierno.',
  'Llegó el material de punto de venta para el lanzamiento. Pasen a retirarlo por la sucursal.',
  'Felicitaciones a la sucursal Mendoza por el mejor mes del año 🎉',
  '¿Alguien tiene experiencia con clientes mayoristas en Neuquén? Acepto consejos.',
  'Recordatorio: el jueves es la reunión semanal, traigan sus números.',
] as const;

/** Older posts, one every day or so back to a month ago: the dashboard's chart has a whole month. */
export const DEMO_OLDER_POSTS = [
  'Arrancamos el mes con todo: ya cargamos los pedidos de los autoservicios de la zona oeste.',
  'Foto de la góndola de Ledesma en el mayorista de Godoy Cruz, quedó impecable.',
  '¿Quién tiene folletos de la promo de lavandina? Me quedé sin stock.',
  'Buen día equipo, hoy salgo a recorrer clientes nuevos en Villa Carlos Paz.',
  'Cerré un pedido grande con una cadena de farmacias. ¡A seguir así!',
  'Tip: los martes los supermercados reponen temprano, conviene pasar antes de las 9.',
  'Gracias a todos por la capacitación de ayer, me llevo muchas ideas.',
  'Nuevo cliente en Salta: un almacén que quiere toda la línea de limpieza.',
  'Las degustaciones de La Serenísima del sábado fueron un éxito.',
  '¿Alguien sabe cuándo llega la reposición del detergente concentrado?',
  'Superamos la meta semanal de unidades en la sucursal Rosario 🙌',
  'Recuerden subir las fotos de las exhibiciones para el concurso del mes.',
  'Primera semana usando la app de pedidos: mucho más rápido que el papel.',
  'Hoy me tocó lluvia en toda la ruta, pero se vendió igual ☔',
  'Los clientes preguntan por el aroma limón, ¿ya tenemos fecha?',
  'Armamos una punta de góndola con Bagley y Lucchetti, queda muy bien.',
  'Consejo: confirmen las entregas por WhatsApp el día anterior, baja los reclamos.',
  'Excelente respuesta al combo ahorro en los barrios del norte.',
  'Volví de la feria regional con diez contactos nuevos.',
  'Se viene el cierre de mes: ¡a cargar todo a tiempo!',
  'Muy buena la visita del gerente, nos dejó objetivos claros.',
  'Tucumán presente: primer mes completo en el equipo 💪',
] as const;

export const DEMO_COMMENTS = [
  '¡Excelente trabajo!',
  'Muy buena idea, la pruebo mañana.',
  'Felicitaciones 👏',
  'Gracias por compartir.',
  '¡Vamos por más!',
  'Yo también lo noté en mi zona.',
] as const;

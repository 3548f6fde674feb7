import type { TypeKind } from '../api/type-kind';

/** The words and measures of each screen (docs/product.md#notification-types, #event-types, #messages). */
export const TYPE_TEXTS = {
  'event-types': {
    title: 'Tipos de Eventos',
    subtitle: 'Las categorías de los eventos y el color con que se ven en el calendario.',
    breadcrumb: 'Inicio / Tipos de Eventos',
    loadError: 'Error al cargar tipos de eventos',
    createTitle: 'Nuevo tipo de evento',
    editTitle: 'Editar tipo de evento',
    created: 'Tipo de evento creado correctamente',
    updated: 'Tipo de evento actualizado correctamente',
    saveError: 'Error al guardar el tipo de evento',
    deleteTitle: 'Eliminar tipo de evento',
    deleted: 'Tipo de evento eliminado correctamente',
    deleteError: 'Error al eliminar el tipo de evento',
  },
  'notification-types': {
    title: 'Tipos de Notificación',
    subtitle: 'Las categorías de las notificaciones, con su color y su ícono.',
    breadcrumb: 'Inicio / Tipos de Notificación',
    loadError: 'Error al cargar tipos de notificaciones',
    createTitle: 'Nuevo tipo de notificación',
    editTitle: 'Editar tipo de notificación',
    created: 'Tipo de notificación creado correctamente',
    updated: 'Tipo de notificación actualizado correctamente',
    saveError: 'Error al guardar el tipo de notificación',
    deleteTitle: 'Eliminar tipo de notificación',
    deleted: 'Tipo de notificación eliminado correctamente',
    deleteError: 'Error al eliminar el tipo de notificación',
  },
} as const satisfies Record<TypeKind, Record<string, string | number>>;

/** Notification types also have an icon: a column, a picker and its preview. */
export const hasIcon = (kind: TypeKind) => kind === 'notification-types';

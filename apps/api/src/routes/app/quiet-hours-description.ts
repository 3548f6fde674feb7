/** "No molestar" (issue 23.6): the seller's own window, read and set from Perfil. */
export const QUIET_HOURS_DESCRIPTION =
  'Horario "No molestar": `start` y `end` en HH:MM, hora de la empresa (`time_zone`, APP_TIMEZONE). ' +
  'Si `start` es más tarde que `end` cruza la medianoche (22:00 a 08:00). Los push que caen dentro esperan ' +
  'hasta el final (ninguno se pierde; los ya encolados conservan su hora); la notificación aparece en Avisos ' +
  'enseguida, y una "Urgente" no espera. `null`: desactivado.';

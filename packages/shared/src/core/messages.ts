/**
 * Spanish texts that both the server and the panel show. Texts quoted from the spec are
 * kept letter for letter; the rest follow docs/product.md.
 */
export const MSG = {
  emailInvalid: 'Email inválido',
  passwordRequired: 'Contraseña requerida',
  invalidCredentials: 'Credenciales inválidas',
  noPanelAccess: 'Esta cuenta no tiene acceso al panel',
  /** Follows noPanelAccess for a seller's account (issue 21, item 8): where sellers go instead. */
  sellerAppPointer: 'Los vendedores usan la app de vendedores, con el mismo email y contraseña.',
  sellerAppLink: 'Ir a la app de vendedores',
  tooManyAttempts: 'Demasiados intentos de inicio de sesión. Probá de nuevo en unos minutos.',
  unauthenticated: 'Tu sesión no es válida o expiró. Iniciá sesión de nuevo.',
  forbidden: 'No tenés permiso para realizar esta acción.',
  notFound: 'El recurso solicitado no existe.',
  /** 403: a branch manager's write names another branch, or every branch (docs/product.md#branch-managers). */
  otherBranch: 'Solo podés trabajar con tu sucursal.',
  /** 403: a branch manager's write would make or change a manager or an administrator. */
  managersOnlySellers: 'Solo un administrador puede gestionar encargados y administradores.',
  /** 400 on `branch_id`: a branch manager belongs to one branch. */
  managerBranchRequired: 'Elegí la sucursal del encargado',
  routeNotFound: 'La ruta solicitada no existe.',
  invalidJson: 'El cuerpo de la solicitud no es un JSON válido.',
  invalidInput: 'Los datos enviados no son válidos.',
  payloadTooLarge: 'El contenido enviado es demasiado grande.',
  unsupportedMediaType: 'El tipo de contenido enviado no es compatible.',
  malformedMultipart:
    'El formulario enviado (multipart/form-data) está mal formado o incompleto: falta el separador (boundary), tiene bytes que no son un formulario o se cortó antes de terminar.',
  internal: 'Ocurrió un error interno. Intentá de nuevo más tarde.',
  nameRequired: 'El nombre es obligatorio',
  branchNameTooLong: 'El nombre no puede superar los 120 caracteres',
  passwordTooShort: 'La contraseña debe tener al menos 10 caracteres',
  emailTaken: 'Ya existe un usuario con ese email',
  branchNotFound: 'La sucursal no existe',
  /** 409: names are unique whatever their case and accents (docs/product.md). */
  branchNameTaken: 'Ya existe una sucursal con ese nombre',
  userNotFound: 'El usuario no existe',
  branchInUse: 'No se puede eliminar la sucursal porque tiene vendedores, publicaciones o eventos asociados.',
  cannotDeactivateSelf: 'No podés desactivar ni quitarte el rol de administrador a vos mismo.',
  /** 412: `If-Match` named a version the record no longer has (docs/decisions/2026-11-26-record-versions.md). */
  staleRecord:
    'Otra persona modificó este registro mientras lo editabas. Recargalo para ver los cambios y volvé a guardar.',
  ifMatchInvalid: 'El encabezado If-Match no es válido: enviá la versión entre comillas, por ejemplo "3".',
} as const;

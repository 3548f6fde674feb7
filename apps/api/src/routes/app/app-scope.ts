export { iso } from '../../lib/iso.ts';

export const APP_TAG = 'app de la comunidad';

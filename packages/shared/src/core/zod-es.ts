import { z } from 'zod';

// Generic validation messages (types, sizes, formats) in Spanish on both sides.
z.config(z.locales.es());

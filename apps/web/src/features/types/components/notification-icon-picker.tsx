import { Input, SimpleGrid, UnstyledButton } from '@mantine/core';
import { NOTIFICATION_ICONS } from '@panel/shared';
import { NotificationIcon } from '../../../components/notification-icon';
import classes from './notification-icon-picker.module.css';

/** What each icon of the set shows (scripts/generate-notification-icons.mjs), for screen readers. */
export const ICON_LABELS = [
  'Campana',
  'Megáfono',
  'Información',
  'Alerta',
  'Descuento',
  'Regalo',
  'Calendario',
  'Reloj',
  'Trofeo',
  'Estrella',
  'Objetivo',
  'Capacitación',
  'Libro',
  'Idea',
  'Equipo',
  'Mensaje',
  'Gráfico',
  'Moneda',
  'Comprobante',
  'Carrito',
  'Paquete',
  'Camión',
  'Local',
  'Ubicación',
  'Rociador',
  'Balde',
  'Brillo',
  'Cohete',
  'Llama',
  'Corazón',
  'Festejo',
  'Verificado',
] as const;

interface NotificationIconPickerProps {
  value: string;
  color: string;
  onChange: (icon: string) => void;
  error?: string;
}

/** The 32 icons (docs/product.md#notification-types) as a grid of radio buttons, each previewed on the chosen colour. */
export function NotificationIconPicker({ value, color, onChange, error }: NotificationIconPickerProps) {
  return (
    <Input.Wrapper label="Ícono" error={error}>
      <SimpleGrid
        role="radiogroup"
        aria-label="Ícono"
        cols={{ base: 6, xs: 8 }}
        spacing={6}
        verticalSpacing={6}
        mt={6}
      >
        {NOTIFICATION_ICONS.map((icon, i) => {
          const checked = icon === value;
          return (
            <UnstyledButton
              key={icon}
              role="radio"
              aria-checked={checked}
              aria-label={`${ICON_LABELS[i]} (${icon})`}
              title={`${ICON_LABELS[i]} (${icon})`}
              tabIndex={checked || (!NOTIFICATION_ICONS.includes(value) && i === 0) ? 0 : -1}
              className={classes.option}
              data-checked={checked || undefined}
              onClick={() => onChange(icon)}
              onKeyDown={(e) => {
                const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
                if (!step) return;
                e.preventDefault();
                const next = (i + step + NOTIFICATION_ICONS.length) % NOTIFICATION_ICONS.length;
                onChange(NOTIFICATION_ICONS[next]!);
                const sibling = e.currentTarget.parentElement?.children[next] as HTMLElement | undefined;
                sibling?.focus();
              }}
            >
              <NotificationIcon icon={icon} color={color} size={34} />
            </UnstyledButton>
          );
        })}
      </SimpleGrid>
    </Input.Wrapper>
  );
}

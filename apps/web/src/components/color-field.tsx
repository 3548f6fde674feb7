import { ColorPicker, ColorSwatch, Group, Stack, TextInput } from '@mantine/core';

interface ColorFieldProps {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  error?: string;
}

const HEX = /^#[0-9a-fA-F]{6}$/;
const SWATCHES = [
  '#FF0000',
  '#E8590C',
  '#F59F00',
  '#2F9E44',
  '#0CA678',
  '#1C7ED6',
  '#4263EB',
  '#7048E8',
  '#AE3EC9',
  '#D6336C',
  '#495057',
  '#212529',
];

/** A colour picker plus its hex text (docs/product.md#notification-types, #event-types); both edit the same `#RRGGBB` value. */
export function ColorField({ label, value, onChange, error }: ColorFieldProps) {
  const valid = HEX.test(value);
  return (
    <Stack gap={6}>
      <Group gap="sm" align="flex-end" wrap="nowrap">
        <TextInput
          label={label}
          description="Código hexadecimal, por ejemplo #FF0000"
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error}
          maxLength={7}
          style={{ flex: 1 }}
          leftSection={<ColorSwatch color={valid ? value : 'transparent'} size={18} aria-hidden />}
          spellCheck={false}
          autoComplete="off"
        />
      </Group>
      <ColorPicker
        format="hex"
        value={valid ? value : '#FF0000'}
        onChange={(hex) => onChange(hex.toUpperCase())}
        swatches={SWATCHES}
        swatchesPerRow={12}
        fullWidth
        saturationLabel={`${label}: saturación y brillo`}
        hueLabel={`${label}: tono`}
      />
    </Stack>
  );
}

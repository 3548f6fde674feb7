import { Anchor } from '@mantine/core';

/**
 * A receipt that opens its list of people: "Leída por 41 de 60" (notifications), "Vista por 12 de 30"
 * (posts). `action` completes its accessible name ("ver quiénes la leyeron").
 */
export function ReceiptLink({
  label,
  action,
  onClick,
}: {
  label: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="xs"
      ta="left"
      onClick={onClick}
      aria-label={`${label}: ${action}`}
    >
      {label}
    </Anchor>
  );
}

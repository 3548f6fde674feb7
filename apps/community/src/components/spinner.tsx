export function Spinner({ label = 'Cargando…' }: { label?: string }) {
  return (
    <div className="spinner" role="status" aria-live="polite">
      <span className="spinner__wheel" aria-hidden />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}

import { useLocation } from 'react-router';
import { MessagePage } from './message-page';

/** Any unknown path inside the panel. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <MessagePage
      title="Página no encontrada"
      heading="Error 404"
      text={`La dirección «${pathname}» no existe en el panel.`}
    />
  );
}

export default NotFoundPage;

import { lazy, Suspense, useState } from 'react';
import { dismissInstallOffer, takeInstallOffer, useInstallWay } from '../lib/install-prompt';

const InstallGuide = lazy(() => import('../features/install/install-guide'));

/**
 * The offer to install, once after a sign-in, over the tab bar; nothing when the app runs installed,
 * when this device dismissed it before, or when the browser cannot install it. Its guide loads only then.
 */
export function InstallOffer() {
  const way = useInstallWay();
  const [due, setDue] = useState(takeInstallOffer);
  if (!due || !way) return null;
  return (
    <div className="install-sheet">
      <Suspense fallback={null}>
        <InstallGuide
          way={way}
          onClose={() => {
            dismissInstallOffer();
            setDue(false);
          }}
        />
      </Suspense>
    </div>
  );
}

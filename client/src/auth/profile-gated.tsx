// A route element that opens only once the profile check of seed 000 §2.2 lets the user through
// (profile-gate.ts): the primary user of an entity whose profile is not confirmed is told why and
// sent to the profile instead.
import { useEffect, useState, type ReactNode } from 'react';
import { passProfileGate } from './profile-gate';

export function ProfileGated({ children }: { children: ReactNode }) {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    let live = true;
    void passProfileGate().then((ok) => live && setPassed(ok));
    return () => {
      live = false;
    };
  }, []);
  return passed ? <>{children}</> : null;
}

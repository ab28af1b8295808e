import { useUserTypeDetection } from '../hooks/use-user-type-detection';

/** Mounted once by the app shell: fills in a missing user type. Renders nothing. */
export function UserTypeDetector() {
  useUserTypeDetection();
  return null;
}

import { useNavigate } from 'react-router-dom';
import { RegisterEmployer } from '@/features/owner/components/register-employer';
import { href } from '@/lib/paths';
import { useAppStore } from '@/lib/store';

/** Registering as an employer, offered to a signed-in user who is neither employer nor admin. */
export function EmployerOffer() {
  const roles = useAppStore((state) => state.user?.roles ?? []);
  const navigate = useNavigate();
  if (roles.includes('employer') || roles.includes('admin')) return null;
  return <RegisterEmployer onRegistered={() => void navigate(href('employerOverview'))} />;
}

import { Link, useNavigate } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { labels, messages } from '#domain/messages.ts';
import type { MeDto } from '#http/dto.ts';
import { api } from '../../lib/api.ts';
import { sessionQuery } from '../../lib/queries.ts';
import { notify } from '../ui/toaster.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';

/** The signed-in user's menu: who they are, their profile, and Sign Out. */
export default function AccountMenu({ session }: { session: MeDto }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { user, profile } = session;
  const signOut = async () => {
    try {
      await api.signOut();
    } finally {
      queryClient.setQueryData(sessionQuery.queryKey, null);
      queryClient.removeQueries({ queryKey: ['orders'] });
      queryClient.removeQueries({ queryKey: ['admin'] });
      notify.success(messages.signedOut);
      void navigate({ to: '/' });
    }
  };
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="flex h-10 w-10 items-center justify-center overflow-hidden rounded-full bg-amber-400 font-bold text-slate-950 focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none"
      >
        {profile?.imageUrl ? (
          <img src={profile.imageUrl} alt="" className="h-full w-full object-cover" />
        ) : (
          <span aria-hidden="true">{user.name.slice(0, 1).toUpperCase()}</span>
        )}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-semibold">{user.name}</DropdownMenuLabel>
        <DropdownMenuLabel className="text-slate-700">{user.email}</DropdownMenuLabel>
        {profile?.phone ? <DropdownMenuLabel className="text-slate-700">{profile.phone}</DropdownMenuLabel> : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {profile ? <Link to="/dashboard/myProfile">{labels.myProfile}</Link> : <Link to="/editProfile">{labels.editProfile}</Link>}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void signOut()}>Sign Out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

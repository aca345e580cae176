import { Link } from '@tanstack/react-router';
import { webMessages } from '../../lib/web-messages.ts';
import { labels } from '../../lib/labels.ts';
import type { MeDto } from '#http/dto.ts';
import { useResendVerification, useSignOut } from '../account/api.ts';
import { Avatar } from '../ui/avatar.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../ui/dropdown-menu.tsx';

/** The signed-in user's menu: who they are, their profile, a reminder to verify the e-mail, and Sign Out. */
export default function AccountMenu({ session }: { session: MeDto }) {
  const { user, profile } = session;
  const resend = useResendVerification();
  const signOut = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        aria-label="Account menu"
        className="relative rounded-full focus-visible:ring-2 focus-visible:ring-amber-300 focus-visible:ring-offset-2 focus-visible:ring-offset-slate-900 focus-visible:outline-none"
      >
        <Avatar name={user.name} imageUrl={profile?.imageUrl || undefined} className="h-10 w-10" />
        {/* A dot on the avatar: the menu holds a reminder to verify the e-mail. */}
        {user.emailVerified ? null : <span aria-hidden="true" className="absolute -top-0.5 -right-0.5 h-3 w-3 rounded-full border-2 border-slate-950 bg-red-500" />}
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel className="font-semibold">{user.name}</DropdownMenuLabel>
        <DropdownMenuLabel className="text-slate-700">{user.email}</DropdownMenuLabel>
        {profile?.phone ? <DropdownMenuLabel className="text-slate-700">{profile.phone}</DropdownMenuLabel> : null}
        {user.emailVerified ? null : (
          <>
            <DropdownMenuSeparator />
            <DropdownMenuLabel className="max-w-64 text-amber-900">{webMessages.verifyReminder}</DropdownMenuLabel>
            <DropdownMenuItem disabled={resend.isPending} onSelect={() => resend.mutate()}>
              {labels.resendVerification}
            </DropdownMenuItem>
          </>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          {profile ? <Link to="/dashboard/myProfile">{labels.myProfile}</Link> : <Link to="/editProfile">{labels.editProfile}</Link>}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => signOut.mutate()}>Sign Out</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

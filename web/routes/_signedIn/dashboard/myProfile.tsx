import { createFileRoute } from '@tanstack/react-router';
import { MyProfilePage } from '../../../features/profile/my-profile-page.tsx';

export const Route = createFileRoute('/_signedIn/dashboard/myProfile')({ component: MyProfilePage });

import { DropdownMenu as Menu } from 'radix-ui';
import { clsx } from 'clsx';
import type { ComponentProps } from 'react';

/** Radix's menu with the app's look; items keep radix's keyboard handling. */
export const DropdownMenu = Menu.Root;
export const DropdownMenuTrigger = Menu.Trigger;

export function DropdownMenuContent({ className, ...props }: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        align="end"
        sideOffset={8}
        className={clsx('z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg', className)}
        {...props}
      />
    </Menu.Portal>
  );
}

export function DropdownMenuItem({ className, ...props }: ComponentProps<typeof Menu.Item>) {
  return (
    <Menu.Item
      className={clsx(
        'block cursor-pointer rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-amber-100',
        className,
      )}
      {...props}
    />
  );
}

export const DropdownMenuLabel = ({ className, ...props }: ComponentProps<typeof Menu.Label>) => (
  <Menu.Label className={clsx('px-3 py-1 text-sm', className)} {...props} />
);

export const DropdownMenuSeparator = () => <Menu.Separator className="my-1 h-px bg-slate-200" />;

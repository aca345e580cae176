import { Link } from '@tanstack/react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded font-extrabold tracking-tight text-white focus-visible:ring-2 focus-visible:ring-amber-400 focus-visible:outline-none">
      <svg aria-hidden="true" viewBox="0 0 32 32" className="h-8 w-8">
        <rect width="32" height="32" rx="6" fill="#fbbf24" />
        <path d="M9 23V9h8.5a4 4 0 0 1 0 8H9m0 0h9.5a3 3 0 0 1 0 6H9" stroke="#0f172a" strokeWidth="2.6" fill="none" />
      </svg>
      <span className="text-lg">Bulkhead</span>
    </Link>
  );
}

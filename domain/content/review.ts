export interface Review {
  id: string;
  userId: string | null;
  name: string;
  imageUrl: string;
  country: string;
  /** 1..5 */
  rating: number;
  comment: string;
  createdAt: Date;
}

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const DEFAULT_RATING = 5;
export const HOME_REVIEW_COUNT = 3;

export interface ContactMessage {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: Date;
  /** When an admin marked it read; null while it waits for an answer. */
  readAt: Date | null;
}

export interface Subscriber {
  email: string;
  createdAt: Date;
}

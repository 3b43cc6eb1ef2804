/** The signed-in shopper as pages see them. */
export interface CurrentUser {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  profile_photo: string | null;
  email_verified_at: string | null;
  phone_verified_at: string | null;
  /** customer | seller | admin */
  role: string;
  /** The shop a seller works for. */
  shop_id: number | null;
}

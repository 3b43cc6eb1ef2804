import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

/** ISO-8601 UTC string on read; accepts the same on write. */
type Timestamp = ColumnType<string, string | undefined, string>;
type Flag = 0 | 1;
type DefaultFlag = ColumnType<Flag, Flag | undefined, Flag>;
type DefaultInt = ColumnType<number, number | undefined, number>;
type DefaultText = ColumnType<string, string | undefined, string>;

export interface SettingsTable { key: string; value: string }

export interface LanguagesTable {
  id: Generated<number>;
  name: string;
  title: string;
  direction: ColumnType<"ltr" | "rtl", "ltr" | "rtl" | undefined, "ltr" | "rtl">;
  is_default: DefaultFlag;
  is_active: DefaultFlag;
  sort: DefaultInt;
}

export interface CurrenciesTable {
  id: Generated<number>;
  name: string;
  symbol: string;
  rate_from_default: ColumnType<number, number | undefined, number>;
  is_default: DefaultFlag;
  is_active: DefaultFlag;
  sort: DefaultInt;
}

export interface CountriesTable { id: Generated<number>; name: string; iso2: string; phone_code: string }

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string | null;
  phone: string | null;
  phone_code: string | null;
  country_id: number | null;
  password_hash: string | null;
  profile_photo: string | null;
  gender: string | null;
  date_of_birth: string | null;
  /** customer | seller (staff of `shop_id`) | admin (the platform, every shop). */
  role: DefaultText;
  /** The shop a seller works for (migration 0009). */
  shop_id: ColumnType<number | null, number | null | undefined, number | null>;
  email_verified_at: string | null;
  phone_verified_at: string | null;
  is_active: DefaultFlag;
  last_seen_at: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ShopsTable {
  id: Generated<number>;
  user_id: number | null;
  name: string;
  slug: string;
  logo: string;
  banner: string;
  short_description: DefaultText;
  description: DefaultText;
  address: DefaultText;
  rating: DefaultInt;
  total_reviews: DefaultInt;
  delivery_charge: DefaultInt;
  estimated_delivery_days: DefaultInt;
  is_active: DefaultFlag;
  created_at: Timestamp;
  /** When one of its staff last had the console open (migration 0014): Online for a few minutes after. */
  console_seen_at: string | null;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  thumbnail: string;
  sort: DefaultInt;
  is_active: DefaultFlag;
}

export interface SubCategoriesTable extends CategoriesTable { category_id: number }

export interface BrandsTable { id: Generated<number>; name: string; slug: string; logo: string | null }
export interface ColorsTable { id: Generated<number>; name: string; color_code: string }
export interface SizesTable { id: Generated<number>; name: string; sort: DefaultInt }
export interface UnitsTable { id: Generated<number>; name: string }

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  category_id: number;
  sub_category_id: number | null;
  brand_id: number | null;
  unit_id: number | null;
  name: string;
  slug: string;
  code: string;
  short_description: DefaultText;
  description: DefaultText;
  price: number;
  discount_price: DefaultInt;
  quantity: DefaultInt;
  min_order_quantity: DefaultInt;
  is_active: DefaultFlag;
  is_new: DefaultFlag;
  is_featured: DefaultFlag;
  is_digital: DefaultFlag;
  rating: DefaultInt;
  total_reviews: DefaultInt;
  total_sold: DefaultInt;
  total_views: DefaultInt;
  video_url: string | null;
  meta_title: string | null;
  meta_description: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProductImagesTable { id: Generated<number>; product_id: number; path: string; alt: string; sort: DefaultInt }
export interface ProductColorsTable { product_id: number; color_id: number; price: DefaultInt }
export interface ProductSizesTable { product_id: number; size_id: number; price: DefaultInt }
export interface ProductUnitsTable { product_id: number; unit_id: number; price: DefaultInt }

export interface DigitalProductFilesTable { id: Generated<number>; product_id: number; file_name: string; path: string; size_bytes: DefaultInt }
/** A licence key of a digital product; `order_item_id` once it is handed to a paid order item. */
export interface ProductLicensesTable { id: Generated<number>; product_id: number; license_key: string; order_item_id: number | null; created_at: Timestamp }
/** How often the buyer of an order item downloaded one of its product's files. */
export interface DigitalDownloadsTable { order_item_id: number; file_id: number; downloads: DefaultInt; last_downloaded_at: string | null }

export interface FlashSalesTable {
  id: Generated<number>;
  name: string;
  thumbnail: string;
  description: DefaultText;
  discount: DefaultInt;
  starts_at: string;
  ends_at: string;
  is_active: DefaultFlag;
}
export interface FlashSaleProductsTable {
  flash_sale_id: number;
  product_id: number;
  price: number;
  discount: DefaultInt;
  quantity: DefaultInt;
  sale_quantity: DefaultInt;
}

export interface BannersTable {
  id: Generated<number>;
  kind: ColumnType<"hero" | "ad", "hero" | "ad" | undefined, "hero" | "ad">;
  title: string;
  image: string;
  alt: string;
  url: string | null;
  sort: DefaultInt;
  is_active: DefaultFlag;
}

export interface BlogCategoriesTable { id: Generated<number>; name: string; slug: string }
export interface BlogsTable {
  id: Generated<number>;
  category_id: number;
  title: string;
  slug: string;
  thumbnail: string;
  author_name: string;
  author_photo: string | null;
  summary: DefaultText;
  description: string;
  tags: DefaultText;
  total_views: DefaultInt;
  is_active: DefaultFlag;
  created_at: Timestamp;
}
export interface BlogProductsTable { blog_id: number; product_id: number }

export interface ReviewsTable {
  id: Generated<number>;
  product_id: number;
  shop_id: number;
  user_id: number | null;
  customer_name: string;
  rating: number;
  description: DefaultText;
  is_active: DefaultFlag;
  created_at: Timestamp;
  /** The delivered order item reviewed (migration 0011); null for the seeded reviews. */
  order_item_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CouponsTable {
  id: Generated<number>;
  shop_id: number;
  code: string;
  discount_type: "Amount" | "Percentage";
  discount: number;
  min_order_amount: DefaultInt;
  max_discount_amount: number | null;
  limit_for_user: DefaultInt;
  starts_at: string;
  expires_at: string;
  is_active: DefaultFlag;
}

export interface LegalPagesTable { id: Generated<number>; slug: string; title: string; description: string; updated_at: Timestamp }

export interface MenusTable { id: Generated<number>; name: string; url: string; target: DefaultText; is_external: DefaultFlag; sort: DefaultInt }

export interface FootersTable { id: Generated<number>; title: string; sort: DefaultInt }
export type FooterItemType = "logo" | "text" | "email" | "phone" | "social_links" | "app_store" | "link";
export interface FooterItemsTable {
  id: Generated<number>;
  footer_id: number;
  type: FooterItemType;
  title: DefaultText;
  url: string | null;
  target: DefaultText;
  sort: DefaultInt;
}

export interface SocialLinksTable { id: Generated<number>; name: string; link: string; logo: string; sort: DefaultInt }
export interface PaymentGatewaysTable { id: Generated<number>; name: string; title: string; logo: string; is_active: DefaultFlag; sort: DefaultInt }

export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  phone: string;
  subject: string;
  message: string;
  user_id: number | null;
  created_at: Timestamp;
}

export interface UserSessionsTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: string;
  last_seen_at: Timestamp;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  purpose: "register" | "reset";
  channel: "email" | "phone";
  recipient: string;
  user_id: number | null;
  code_hash: string;
  attempts: DefaultInt;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
}

export interface OutboxTable {
  id: Generated<number>;
  channel: "email" | "sms";
  recipient: string;
  subject: string;
  body: string;
  created_at: Timestamp;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: string;
  used_at: string | null;
}

export interface SocialAccountsTable {
  id: Generated<number>;
  provider: "google" | "facebook" | "apple";
  subject: string;
  user_id: number;
  email: string | null;
  created_at: Timestamp;
}

export interface AddressesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  phone: string;
  area: string | null;
  flat_no: string | null;
  post_code: string | null;
  address_line: string;
  address_line2: string | null;
  address_type: DefaultText;
  is_default: DefaultFlag;
  latitude: number | null;
  longitude: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export type OrderStatus = "Pending" | "Confirm" | "Processing" | "Pickup" | "On The Way" | "Delivered" | "Cancelled";
export type PaymentStatus = "Pending" | "Paid";

export interface CartItemsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  shop_id: number;
  quantity: number;
  /** 0 when not chosen. */
  color_id: DefaultInt;
  size_id: DefaultInt;
  unit_id: DefaultInt;
  is_buy_now: DefaultFlag;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface CartShopSelectionsTable { user_id: number; shop_id: number }
export interface CollectedCouponsTable { user_id: number; coupon_id: number; created_at: Timestamp }
export interface CheckoutChoicesTable {
  user_id: number;
  kind: "cart" | "buynow";
  coupon_code: string | null;
  updated_at: Timestamp;
}
export interface VatTaxesTable { id: Generated<number>; name: string; basis_points: number; is_active: DefaultFlag; sort: DefaultInt }
export interface CheckoutsTable { id: Generated<number>; user_id: number; token: string; created_at: Timestamp }
export interface PaymentsTable {
  id: Generated<number>;
  user_id: number;
  gateway: string;
  amount: number;
  status: ColumnType<"Pending" | "Paid" | "Failed", "Pending" | "Paid" | "Failed" | undefined, "Pending" | "Paid" | "Failed">;
  reference: string | null;
  /** What the gateway was asked to collect: ISO 4217 name lower-cased ("eur"), in minor units of that currency. */
  currency: string;
  currency_amount: number;
  created_at: Timestamp;
  paid_at: string | null;
}
export interface OrdersTable {
  id: Generated<number>;
  checkout_id: number;
  user_id: number;
  shop_id: number;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  payment_method: string;
  payment_status: ColumnType<PaymentStatus, PaymentStatus | undefined, PaymentStatus>;
  payment_id: number | null;
  coupon_id: number | null;
  coupon_code: string | null;
  subtotal: number;
  discount: DefaultInt;
  delivery_charge: DefaultInt;
  tax_amount: DefaultInt;
  payable: number;
  note: string | null;
  is_buy_now: DefaultFlag;
  ship_name: string;
  ship_phone: string;
  ship_address: string;
  estimated_delivery_days: DefaultInt;
  /** The currency the order was placed in: its amounts are shown in it for good (migration 0008). */
  currency_name: string;
  currency_symbol: string;
  currency_position: "prefix" | "suffix";
  currency_rate: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  cancelled_at: string | null;
  /** When it was Delivered: the return window starts then (migration 0009). */
  delivered_at: ColumnType<string | null, string | null | undefined, string | null>;
}
/** One status an order took, when and set by whom; `notified_at` null: the shopper has not been told yet. */
export interface OrderEventsTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  status: OrderStatus;
  actor_id: number | null;
  created_at: Timestamp;
  notified_at: string | null;
}
export type ChatSender = "customer" | "shop";
/** One conversation of a shopper with a shop (migration 0014), with each side's unread count. */
export interface ChatConversationsTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  last_message: string | null;
  last_message_at: string | null;
  unread_by_customer: DefaultInt;
  unread_by_shop: DefaultInt;
  created_at: Timestamp;
}
export interface ChatMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  sender: ChatSender;
  author_id: number | null;
  body: string;
  product_id: number | null;
  created_at: Timestamp;
}
export type ReturnStatus = "Pending" | "Approved" | "Damaged" | "Mismatch" | "Cancelled" | "Refunded";
/** A return of some items of one delivered order (migration 0012). */
export interface ReturnOrdersTable {
  id: Generated<number>;
  order_id: number;
  user_id: number;
  shop_id: number;
  status: ColumnType<ReturnStatus, ReturnStatus | undefined, ReturnStatus>;
  reason: string;
  return_address: string;
  bank_name: string;
  bank_account_number: string;
  shop_note: string | null;
  amount: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  refunded_at: string | null;
}
export interface ReturnOrderItemsTable { id: Generated<number>; return_order_id: number; order_item_id: number; quantity: number; line_total: number }
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  name: string;
  thumbnail: string | null;
  color_name: string | null;
  size_name: string | null;
  unit_name: string | null;
  unit_price: number;
  quantity: number;
  line_total: number;
  is_digital: DefaultFlag;
}
export interface OrderTaxesTable { order_id: number; name: string; basis_points: number; amount: number }
export interface CouponUsagesTable { coupon_id: number; user_id: number; uses: DefaultInt }
/** A product a shopper keeps for later (one row per shopper and product). */
export interface WishlistItemsTable { user_id: number; product_id: number; created_at: Timestamp }
/** What a support ticket is about (migration 0015); its name is the locale key tickets:issueTypes.{code}. */
export interface TicketIssueTypesTable { id: Generated<number>; code: string; sort: DefaultInt }
export type TicketStatus = "pending" | "confirm" | "completed" | "cancel";
/** A shopper's support ticket (migration 0015); `ticket_number` is its public name. */
export interface SupportTicketsTable {
  id: Generated<number>;
  ticket_number: string;
  user_id: number;
  issue_type_id: number;
  subject: string;
  email: string;
  phone: string | null;
  order_id: number | null;
  status: ColumnType<TicketStatus, TicketStatus | undefined, TicketStatus>;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type TicketAuthor = "customer" | "admin";
export interface SupportTicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  author: TicketAuthor;
  author_id: number | null;
  body: string;
  created_at: Timestamp;
}
export type TicketAttachmentKind = "pdf" | "png" | "jpeg";
/** A file sent with a ticket's message, stored as DATA_DIR/uploads/tickets/{stored_name}. */
export interface SupportTicketAttachmentsTable {
  id: Generated<number>;
  message_id: number;
  stored_name: string;
  file_name: string;
  kind: TicketAttachmentKind;
  size_bytes: number;
}

export interface Database {
  settings: SettingsTable;
  languages: LanguagesTable;
  currencies: CurrenciesTable;
  countries: CountriesTable;
  users: UsersTable;
  shops: ShopsTable;
  categories: CategoriesTable;
  sub_categories: SubCategoriesTable;
  brands: BrandsTable;
  colors: ColorsTable;
  sizes: SizesTable;
  units: UnitsTable;
  products: ProductsTable;
  product_images: ProductImagesTable;
  product_colors: ProductColorsTable;
  product_sizes: ProductSizesTable;
  product_units: ProductUnitsTable;
  digital_product_files: DigitalProductFilesTable;
  product_licenses: ProductLicensesTable;
  digital_downloads: DigitalDownloadsTable;
  flash_sales: FlashSalesTable;
  flash_sale_products: FlashSaleProductsTable;
  banners: BannersTable;
  blog_categories: BlogCategoriesTable;
  blogs: BlogsTable;
  blog_products: BlogProductsTable;
  reviews: ReviewsTable;
  coupons: CouponsTable;
  legal_pages: LegalPagesTable;
  menus: MenusTable;
  footers: FootersTable;
  footer_items: FooterItemsTable;
  social_links: SocialLinksTable;
  payment_gateways: PaymentGatewaysTable;
  contact_messages: ContactMessagesTable;
  user_sessions: UserSessionsTable;
  one_time_codes: OneTimeCodesTable;
  outbox: OutboxTable;
  password_reset_tokens: PasswordResetTokensTable;
  social_accounts: SocialAccountsTable;
  addresses: AddressesTable;
  cart_items: CartItemsTable;
  cart_shop_selections: CartShopSelectionsTable;
  collected_coupons: CollectedCouponsTable;
  checkout_choices: CheckoutChoicesTable;
  vat_taxes: VatTaxesTable;
  checkouts: CheckoutsTable;
  payments: PaymentsTable;
  orders: OrdersTable;
  order_events: OrderEventsTable;
  chat_conversations: ChatConversationsTable;
  chat_messages: ChatMessagesTable;
  return_orders: ReturnOrdersTable;
  return_order_items: ReturnOrderItemsTable;
  order_items: OrderItemsTable;
  order_taxes: OrderTaxesTable;
  coupon_usages: CouponUsagesTable;
  wishlist_items: WishlistItemsTable;
  ticket_issue_types: TicketIssueTypesTable;
  support_tickets: SupportTicketsTable;
  support_ticket_messages: SupportTicketMessagesTable;
  support_ticket_attachments: SupportTicketAttachmentsTable;
}

export type Row<T extends keyof Database> = Selectable<Database[T]>;
export type NewRow<T extends keyof Database> = Insertable<Database[T]>;

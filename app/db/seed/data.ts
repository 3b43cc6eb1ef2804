/**
 * Word lists and fixed content for the demo marketplace. Everything here is plain data;
 * the generators in catalogue.ts and content.ts combine it deterministically.
 */

export type OptionKind = "clothing" | "shoes" | "colors" | "units";

export interface SubCategorySpec {
  name: string;
  slug: string;
  /** A noun may carry its own materials: "Olive Oil=Extra Virgin|Cold-Pressed". */
  nouns: readonly string[];
  materials: readonly string[];
  /** Overrides the category's adjectives. */
  adjectives?: readonly string[];
  /** Name template with {adj}, {mat} and {noun}; default "{adj} {mat} {noun}". */
  pattern?: string;
  /** Price range in minor units. */
  price: readonly [number, number];
  options?: readonly OptionKind[];
  /** Overrides the category's audiences ("Made for …"). */
  audience?: readonly string[];
  /** Added to the category's feature sentences. */
  features?: readonly string[];
  /** Default unit name. */
  unit?: string;
  /** Units offered as options (the first at no extra cost). */
  units?: readonly string[];
}

export interface CategorySpec {
  name: string;
  slug: string;
  digital?: boolean;
  /** Relative share of products. */
  weight: number;
  adjectives: readonly string[];
  /** What a shop of this kind is called ("Books", "Electronics" …). */
  shopNoun: string;
  /** Fragments for the generated descriptions. */
  audience: readonly string[];
  features: readonly string[];
  subs: readonly SubCategorySpec[];
}

export const CATEGORIES: readonly CategorySpec[] = [
  {
    name: "Fashion",
    slug: "fashion",
    weight: 16,
    shopNoun: "Boutique",
    adjectives: ["Classic", "Slim-Fit", "Relaxed", "Essential", "Vintage", "Modern", "Everyday", "Premium", "Lightweight", "Tailored", "Cozy", "Urban"],
    audience: ["everyday wear", "weekend outings", "the office", "travel days", "layering through the seasons"],
    features: [
      "Pair it with your favourite basics for an effortless look.",
      "Made with care from responsibly sourced materials.",
      "Designed in-house and made to last.",
    ],
    subs: [
      {
        name: "Men's Clothing", slug: "mens-clothing", price: [1499, 12999], options: ["clothing"], unit: "pcs",
        nouns: ["T-Shirt=Cotton|Organic Cotton|Merino", "Oxford Shirt=Cotton|Linen", "Chinos=Cotton Twill|Linen", "Hoodie=Fleece|Organic Cotton", "Bomber Jacket=Nylon|Wool|Suede", "Polo Shirt=Cotton Piqué|Merino", "Sweater=Wool|Merino|Cashmere", "Joggers=Fleece|Cotton", "Jeans=Denim|Stretch Denim", "Blazer=Wool|Linen|Cotton"],
        materials: ["Cotton", "Linen", "Wool", "Denim", "Fleece", "Organic Cotton", "Twill", "Merino"],
        features: ["The cut is designed to move with you and keep its shape wash after wash.", "Soft to the touch and breathable, it is comfortable from morning to night.", "Machine washable at 30 °C; tumble dry low."],
      },
      {
        name: "Women's Clothing", slug: "womens-clothing", price: [1499, 14999], options: ["clothing"], unit: "pcs",
        nouns: ["Wrap Dress=Silk|Viscose|Jersey", "Blouse=Silk|Chiffon|Cotton", "Cardigan=Cashmere|Wool|Cotton", "Midi Skirt=Satin|Linen|Pleated", "Trench Coat=Cotton Gabardine|Water-Repellent", "Jumpsuit=Linen|Viscose", "Leggings=Jersey|Stretch", "Tunic=Linen|Cotton", "Knit Sweater=Cashmere|Merino|Wool", "Wide-Leg Trousers=Linen|Crepe|Wool"],
        materials: ["Silk", "Cotton", "Linen", "Viscose", "Cashmere", "Chiffon", "Jersey", "Satin"],
        features: ["The cut is designed to move with you and keep its shape wash after wash.", "Soft to the touch and breathable, it is comfortable from morning to night.", "Check the care label: most pieces are machine washable on a gentle cycle."],
      },
      {
        name: "Kids' Clothing", slug: "kids-clothing", price: [799, 4999], options: ["clothing"], unit: "pcs",
        nouns: ["Romper=Organic Cotton|Cotton", "Pajama Set=Cotton|Flannel", "T-Shirt=Organic Cotton|Cotton", "Hoodie=Fleece|Cotton", "Dungarees=Denim|Corduroy", "Raincoat=Waterproof|Recycled", "Shorts=Cotton|Denim|Jersey", "Party Dress=Tulle|Cotton"],
        materials: ["Organic Cotton", "Cotton", "Fleece", "Jersey", "Denim"],
        audience: ["playtime", "school days", "growing kids", "family outings"],
        features: ["Double-stitched seams stand up to playground adventures.", "Machine washable at 40 °C and soft on young skin."],
      },
      {
        name: "Shoes", slug: "shoes", adjectives: ["Classic", "Everyday", "Premium", "Lightweight", "Urban", "Vintage", "Modern", "Comfort"], price: [2999, 17999], options: ["shoes", "colors"], unit: "pair",
        nouns: ["Running Shoes=Mesh|Knit", "Sneakers=Leather|Canvas|Knit", "Chelsea Boots=Leather|Suede", "Loafers=Leather|Suede", "Sandals=Leather|Cork", "Hiking Boots=Nubuck|Leather", "Ballet Flats=Leather|Suede", "Slip-Ons=Canvas|Knit"],
        materials: ["Leather", "Suede", "Canvas", "Mesh", "Knit", "Nubuck"],
        features: ["A cushioned insole and grippy sole keep you comfortable all day."],
      },
      {
        name: "Accessories", slug: "fashion-accessories", adjectives: ["Classic", "Essential", "Vintage", "Modern", "Everyday", "Premium", "Lightweight", "Urban"], price: [999, 8999], options: ["colors"], unit: "pcs",
        nouns: ["Wallet=Leather|Canvas|Recycled Nylon", "Backpack=Canvas|Nylon|Recycled Polyester", "Tote Bag=Canvas|Leather|Cotton", "Belt=Leather|Canvas", "Scarf=Wool|Cashmere|Silk", "Cap=Cotton|Wool", "Crossbody Bag=Leather|Nylon", "Beanie=Wool|Merino|Cotton"],
        materials: ["Leather", "Canvas", "Wool", "Nylon", "Recycled Polyester", "Cotton"],
        features: ["Finished with sturdy hardware and clean, even stitching."],
      },
    ],
  },
  {
    name: "Electronics",
    slug: "electronics",
    weight: 14,
    shopNoun: "Electronics",
    adjectives: ["Pro", "Ultra", "Smart", "Compact", "Wireless", "Next-Gen", "Lite", "Max", "Portable", "Advanced"],
    audience: ["work and play", "creators on the go", "home entertainment", "students", "busy professionals"],
    features: [
      "Ships with everything you need and a quick-start guide.",
      "The sleek, sturdy design feels premium without adding weight.",
      "Setup takes minutes and updates install automatically.",
      "Backed by a two-year manufacturer warranty.",
    ],
    subs: [
      {
        name: "Mobile Phones", slug: "mobile-phones", price: [14999, 129999], options: ["colors"], unit: "pcs",
        nouns: ["Smartphone", "Phone", "Flip Phone"], materials: ["5G", "Dual-SIM", "128 GB", "256 GB", "Foldable"],
        features: ["A long-lasting battery keeps you going all day on a single charge.", "Fast charging gets you back to 50% in about half an hour."],
      },
      {
        name: "Laptops", slug: "laptops", price: [39999, 199999], unit: "pcs",
        nouns: ["Laptop", "Ultrabook", "Notebook", "2-in-1 Laptop", "Chromebook"], materials: ["13-inch", "14-inch", "15-inch", "16-inch", "OLED"],
        features: ["A long-lasting battery keeps you going all day on a single charge.", "Fast charging gets you back to 50% in about half an hour."],
      },
      {
        name: "Audio", slug: "audio", price: [1999, 39999], options: ["colors"], unit: "pcs",
        nouns: ["Headphones=Noise-Cancelling|Over-Ear|Studio", "Earbuds=True Wireless|Noise-Cancelling|Sport", "Bluetooth Speaker=Waterproof|Hi-Fi|Party", "Soundbar=Dolby Atmos|Hi-Fi|2.1-Channel", "Turntable=Hi-Fi|Bluetooth|Belt-Drive"], materials: ["Noise-Cancelling", "Wireless", "Hi-Fi", "Waterproof", "Studio"],
        features: ["Rich, balanced sound with deep bass at any volume."],
      },
      {
        name: "Cameras", slug: "cameras", price: [7999, 189999], unit: "pcs",
        nouns: ["Mirrorless Camera=24 MP|Full-Frame|4K", "Action Camera=4K|Waterproof", "Instant Camera=Retro|Pocket", "Camera Lens=50 mm|Zoom|Wide-Angle", "Camera Tripod=Travel|Carbon"], materials: ["4K", "24 MP", "Full-Frame", "Travel", "Zoom"],
        features: ["Sharp, true-to-life images even in low light."],
      },
      {
        name: "Wearables", slug: "wearables", price: [4999, 49999], options: ["colors"], unit: "pcs",
        nouns: ["Smartwatch=GPS|AMOLED|Titanium", "Fitness Tracker=Sport|Slim", "Smart Ring=Titanium|Ceramic"], materials: ["GPS", "AMOLED", "Titanium", "Sport"],
        features: ["Tracks steps, sleep and heart rate, and lasts days on a charge."],
      },
    ],
  },
  {
    name: "Books",
    slug: "books",
    weight: 9,
    shopNoun: "Books",
    adjectives: ["Silent", "Golden", "Hidden", "Last", "Forgotten", "Crimson", "Endless", "Quiet", "Wild", "Distant"],
    audience: ["curious readers", "book clubs", "long train rides", "a rainy weekend", "gifting"],
    features: [
      "Praised by critics for its vivid characters and unexpected turns.",
      "Printed on acid-free paper with a sturdy binding.",
      "Includes a reading group guide and an interview with the author.",
      "A perfect companion for evenings at home.",
    ],
    subs: [
      {
        name: "Fiction", slug: "fiction", price: [899, 2999], unit: "pcs", pattern: "The {adj} {noun} ({mat})",
        nouns: ["Harbor", "Orchard", "Kingdom", "River", "Lighthouse", "Garden", "Storm", "Inheritance", "Frontier", "Letters"],
        materials: ["Paperback", "Hardcover"],
      },
      {
        name: "Non-Fiction", slug: "non-fiction", price: [1199, 3999], unit: "pcs", pattern: "The {adj} {noun} ({mat})",
        adjectives: ["Practical", "Complete", "Essential", "Illustrated", "Modern", "Pocket"],
        nouns: ["Guide to Investing", "Science of Sleep", "History of Spices", "Handbook of Leadership", "Book of Habits", "Atlas of Oceans"],
        materials: ["Paperback", "Hardcover"],
      },
      {
        name: "Children's Books", slug: "childrens-books", price: [599, 1999], unit: "pcs", pattern: "The {adj} {noun} ({mat})",
        adjectives: ["Brave", "Sleepy", "Curious", "Little", "Giggling", "Tiny"],
        nouns: ["Dragon", "Penguin", "Fox", "Robot", "Elephant", "Moon Bear"],
        materials: ["Board Book", "Paperback", "Hardcover"],
      },
      {
        name: "Comics & Graphic Novels", slug: "comics-graphic-novels", price: [999, 4999], unit: "pcs", pattern: "{adj} {noun} ({mat})",
        adjectives: ["Cosmic", "Iron", "Shadow", "Neon", "Quantum", "Midnight"],
        nouns: ["Guardians", "Ronin", "Detectives", "Knights", "Runners"],
        materials: ["Graphic Novel", "Collector's Edition", "Paperback"],
      },
    ],
  },
  {
    name: "Home & Kitchen",
    slug: "home-kitchen",
    weight: 12,
    shopNoun: "Home",
    adjectives: ["Nordic", "Rustic", "Minimalist", "Artisan", "Modern", "Classic", "Handcrafted", "Compact"],
    audience: ["family homes", "small apartments", "everyday living"],
    features: [
      "Thoughtfully designed to look good and work hard every day.",
      "Its timeless design fits right into any interior.",
      "Arrives ready to use, with simple care instructions included.",
    ],
    subs: [
      {
        name: "Cookware", slug: "cookware", price: [1999, 24999], unit: "pcs",
        nouns: ["Frying Pan=Cast-Iron|Non-Stick|Carbon Steel|Copper", "Saucepan=Stainless Steel|Copper|Non-Stick", "Dutch Oven=Cast-Iron|Enamelled", "Wok=Carbon Steel|Non-Stick", "Baking Sheet=Stainless Steel|Non-Stick", "Knife Set=Stainless Steel|Ceramic|Damascus Steel"],
        materials: ["Cast-Iron", "Stainless Steel", "Ceramic", "Non-Stick", "Copper", "Carbon Steel"],
        audience: ["everyday cooking", "weekend baking", "home chefs"],
        features: ["Easy to clean and built from durable, food-safe materials.", "Works on gas, electric and induction hobs."],
      },
      {
        name: "Furniture", slug: "furniture", price: [4999, 99999], options: ["colors"], unit: "pcs",
        nouns: ["Coffee Table", "Bookshelf", "Armchair", "Side Table", "Desk", "Bar Stool"],
        materials: ["Oak", "Walnut", "Bamboo", "Rattan", "Pine", "Metal"],
        audience: ["cosy living rooms", "small apartments", "home offices"],
      },
      {
        name: "Bedding", slug: "bedding", price: [1999, 14999], options: ["colors"], unit: "pcs",
        nouns: ["Duvet Cover", "Sheet Set", "Pillowcase Pair", "Throw Blanket", "Quilt"],
        materials: ["Cotton", "Linen", "Bamboo", "Percale", "Sateen", "Flannel"],
        audience: ["restful nights", "guest rooms", "every season"],
        features: ["Breathable fabric that gets softer with every wash."],
      },
      {
        name: "Home Décor", slug: "home-decor", price: [999, 12999], unit: "pcs",
        nouns: ["Vase", "Table Lamp", "Wall Mirror", "Candle Set", "Picture Frame", "Planter"],
        materials: ["Ceramic", "Glass", "Brass", "Terracotta", "Marble", "Concrete"],
        audience: ["cosy living rooms", "entertaining guests", "small apartments"],
      },
      {
        name: "Storage", slug: "storage", price: [799, 5999], options: ["units"], unit: "pcs", units: ["pcs", "pack", "box"],
        nouns: ["Storage Basket=Woven|Seagrass|Cotton Rope", "Food Container Set=Glass|Bamboo-Lid|Recycled Plastic", "Shelf Organizer=Bamboo|Metal", "Drawer Divider=Bamboo|Felt"],
        materials: ["Woven", "Bamboo", "Glass", "Recycled Plastic", "Seagrass"],
        audience: ["small apartments", "tidy kitchens", "busy families"],
      },
    ],
  },
  {
    name: "Beauty & Personal Care",
    slug: "beauty",
    weight: 10,
    shopNoun: "Beauty",
    adjectives: ["Hydrating", "Radiant", "Gentle", "Nourishing", "Soothing", "Revitalizing", "Pure", "Daily"],
    audience: ["your morning routine", "a little self-care", "travel bags"],
    features: [
      "Dermatologist tested and free from parabens and sulphates.",
      "Cruelty-free and packaged in recyclable materials.",
      "Made with carefully sourced, high-quality ingredients.",
    ],
    subs: [
      {
        name: "Skincare", slug: "skincare", price: [899, 6999], options: ["units"], unit: "pcs", units: ["pcs", "pack"],
        nouns: ["Face Serum", "Moisturizer", "Cleanser", "Eye Cream", "Sunscreen", "Face Mask"],
        materials: ["Vitamin C", "Hyaluronic", "Aloe Vera", "Niacinamide", "Green Tea", "Rosehip"],
        features: ["A lightweight formula that absorbs quickly without residue.", "Visible results in as little as two weeks of daily use."],
      },
      {
        name: "Makeup", slug: "makeup", price: [599, 4999], options: ["colors"], unit: "pcs",
        nouns: ["Lipstick=Matte|Satin|Velvet", "Mascara=Lengthening|Volumising|Waterproof", "Foundation=Matte|Dewy|Mineral|Long-Wear", "Eyeshadow Palette=Matte|Shimmer|Neutral", "Blush=Velvet|Cream|Mineral", "Concealer=Long-Wear|Full-Coverage"],
        materials: ["Matte", "Satin", "Long-Wear", "Mineral", "Velvet", "Dewy"],
        audience: ["everyday looks", "evenings out", "all skin tones"],
        features: ["Buildable colour that stays put for hours."],
      },
      {
        name: "Hair Care", slug: "hair-care", price: [499, 3999], options: ["units"], unit: "pcs", units: ["pcs", "pack"],
        nouns: ["Shampoo", "Conditioner", "Hair Oil", "Hair Mask", "Styling Cream"],
        materials: ["Argan", "Coconut", "Keratin", "Tea Tree", "Biotin"],
        audience: ["all hair types", "your weekly routine", "dry or damaged hair"],
      },
      {
        name: "Fragrance", slug: "fragrance", price: [2499, 14999], unit: "pcs",
        nouns: ["Eau de Parfum", "Eau de Toilette", "Body Mist", "Perfume Oil"],
        materials: ["Amber", "Citrus", "Sandalwood", "Jasmine", "Vetiver", "Oud"],
        audience: ["evenings out", "everyday wear", "gifting"],
        features: ["A long-lasting scent that evolves beautifully through the day."],
      },
    ],
  },
  {
    name: "Sports & Outdoors",
    slug: "sports-outdoors",
    weight: 9,
    shopNoun: "Sports",
    adjectives: ["Pro", "Trail", "All-Weather", "Ultralight", "Performance", "Endurance", "Adventure", "Compact"],
    audience: ["beginners and pros", "training days", "active weekends"],
    features: [
      "Tested in real conditions by athletes and coaches.",
      "Ergonomic design for comfort during long sessions.",
      "Built to take a beating, season after season.",
    ],
    subs: [
      {
        name: "Fitness", slug: "fitness", price: [999, 14999], options: ["colors"], unit: "pcs",
        nouns: ["Yoga Mat=Cork|TPE|Rubber", "Dumbbell Set=Cast-Iron|Rubber-Coated|Adjustable", "Resistance Bands=Latex|Fabric", "Kettlebell=Cast-Iron|Steel", "Jump Rope=Steel Cable|Weighted|Speed", "Foam Roller=High-Density|Textured"],
        materials: ["Cork", "Rubber", "Neoprene", "Cast-Iron", "TPE", "Steel"],
        audience: ["home workouts", "training days", "beginners and pros"],
      },
      {
        name: "Cycling", slug: "cycling", price: [999, 19999], unit: "pcs",
        nouns: ["Bike Helmet=Aero|MIPS|Commuter", "Cycling Gloves=Gel|Fingerless|Winter", "Bike Light Set=LED|Rechargeable", "Bottle Cage=Carbon|Aluminium", "Saddle Bag=Waterproof|Reflective"],
        materials: ["Carbon", "Aluminium", "Reflective", "Gel", "Waterproof"],
        audience: ["daily commutes", "long rides", "weekend adventures"],
        features: ["Weather-resistant materials shrug off rain, mud and sweat."],
      },
      {
        name: "Camping", slug: "camping", price: [1999, 39999], unit: "pcs",
        nouns: ["Tent=2-Person|4-Person|Ripstop", "Sleeping Bag=Down|Synthetic|Three-Season", "Camping Stove=Titanium|Two-Burner", "Headlamp=Rechargeable|LED", "Hammock=Ripstop|Parachute Nylon", "Hiking Backpack=40 L|60 L|Ripstop"],
        materials: ["2-Person", "Down", "Ripstop", "Titanium", "Insulated"],
        audience: ["weekend adventures", "the great outdoors", "backcountry trips"],
        features: ["Weather-resistant materials shrug off rain, mud and sweat.", "Packs down small and weighs next to nothing."],
      },
      {
        name: "Team Sports", slug: "team-sports", price: [999, 9999], unit: "pcs",
        nouns: ["Football=Match|Training", "Basketball=Indoor|Outdoor|Composite", "Volleyball=Beach|Indoor", "Cricket Bat=English Willow|Kashmir Willow", "Shin Guards=Lightweight|Youth"],
        materials: ["Match", "Training", "Leather", "Composite", "Indoor"],
        audience: ["match day", "training days", "school teams"],
      },
    ],
  },
  {
    name: "Toys & Games",
    slug: "toys-games",
    weight: 8,
    shopNoun: "Toys",
    adjectives: ["Creative", "Classic", "Deluxe", "Junior", "Mega", "Magnetic", "Rainbow", "Wooden"],
    audience: ["ages 3 and up", "family game night", "rainy afternoons", "budding engineers", "birthday gifts"],
    features: [
      "Made from non-toxic materials and safety tested to EN 71.",
      "Encourages creativity, problem solving and cooperative play.",
      "Sturdy enough to survive years of enthusiastic play.",
      "Comes in a gift-ready box with easy instructions.",
    ],
    subs: [
      {
        name: "Building Sets", slug: "building-sets", price: [1499, 14999], unit: "box",
        nouns: ["Building Set", "Brick Kit", "Marble Run", "Construction Set"],
        materials: ["Castle", "Space Station", "City", "Robot", "Dinosaur"],
      },
      {
        name: "Board Games", slug: "board-games", price: [999, 5999], unit: "box",
        nouns: ["Strategy Game=Family|Fantasy|Space", "Party Game=Trivia|Drawing|Word", "Jigsaw Puzzle=1000-Piece|500-Piece|Landscape", "Card Game=Family|Travel|Cooperative", "Chess Set=Wooden|Travel|Folding"],
        materials: ["Family", "Cooperative", "Wooden", "Travel", "Trivia"],
      },
      {
        name: "Dolls & Figures", slug: "dolls-figures", price: [799, 9999], unit: "pcs",
        nouns: ["Doll=Fabric|Vinyl", "Action Figure=Poseable|Vinyl", "Plush Bear=Soft|Cuddly", "Dollhouse=Wooden|Three-Storey", "Hand Puppet=Fabric|Felt"],
        materials: ["Fabric", "Vinyl", "Wooden", "Poseable", "Soft"],
      },
      {
        name: "Outdoor Play", slug: "outdoor-play", price: [999, 14999], unit: "pcs",
        nouns: ["Kite=Stunt|Beach", "Scooter=Foldable|Light-Up", "Water Blaster=Pump-Action|Mini", "Sandbox Set=Beach|Garden", "Swing=Garden|Tree"],
        materials: ["Foldable", "Stunt", "Beach", "Garden", "Light-Up"],
      },
    ],
  },
  {
    name: "Grocery",
    slug: "grocery",
    weight: 8,
    shopNoun: "Market",
    adjectives: ["Organic", "Fresh", "Artisan", "Farm-Fresh", "Premium", "Wholesome", "Natural"],
    audience: ["family meals", "weekend brunch", "everyday cooking"],
    features: [
      "Sourced from trusted growers and packed fresh to order.",
      "No artificial colours, flavours or preservatives.",
      "Delivered in insulated, recyclable packaging.",
    ],
    subs: [
      {
        name: "Fresh Produce", slug: "fresh-produce", price: [349, 1999], options: ["units"], unit: "kg", units: ["kg", "box"],
        nouns: ["Apples=Gala|Honeycrisp|Granny Smith", "Avocados=Hass|Ripe & Ready", "Tomatoes=Heirloom|Cherry|Vine", "Spinach=Baby|Leaf", "Bananas=Fairtrade|Baby", "Blueberries=Wild|Jumbo", "Strawberries=Sweet|Jumbo"], materials: ["Hass", "Heirloom", "Baby", "Gala", "Mixed"],
        features: ["Keep refrigerated and enjoy within a few days."],
      },
      {
        name: "Pantry", slug: "pantry", price: [399, 2999], options: ["units"], unit: "pack", units: ["pack", "box"],
        nouns: ["Olive Oil=Extra Virgin|Cold-Pressed", "Basmati Rice=Aged|Brown|Long-Grain", "Pasta=Whole Wheat|Durum Wheat|Bronze-Cut", "Honey=Wildflower|Raw|Manuka", "Flour=Stone-Ground|Whole Wheat|Bread", "Peanut Butter=Crunchy|Smooth"],
        materials: ["Extra Virgin", "Whole Wheat", "Wildflower", "Stone-Ground", "Crunchy"],
        audience: ["your pantry", "family meals", "everyday cooking"],
        features: ["Store in a cool, dry place once opened."],
      },
      {
        name: "Snacks", slug: "snacks", price: [299, 1499], options: ["units"], unit: "pack", units: ["pack", "box"],
        nouns: ["Granola Bars=Honey|Oat|Mixed Berry", "Trail Mix=Roasted|Mixed Berry|Sea Salt", "Dark Chocolate=70% Cocoa|Sea Salt|Orange", "Potato Chips=Sea Salt|Salt & Vinegar|Kettle-Cooked", "Almonds=Roasted|Sea Salt|Honey"],
        materials: ["Sea Salt", "Honey", "70% Cocoa", "Roasted", "Mixed Berry"],
        audience: ["healthy snacking", "lunch boxes", "movie nights"],
        features: ["Store in a cool, dry place once opened."],
      },
      {
        name: "Beverages", slug: "beverages", price: [299, 2499], options: ["units"], unit: "l", units: ["l", "pack", "box"],
        nouns: ["Coffee Beans=Arabica|Single-Origin|Espresso", "Green Tea=Jasmine|Sencha|Matcha", "Sparkling Water=Lemon|Lime|Natural", "Orange Juice=Cold-Pressed|Fresh-Squeezed", "Cold Brew=Vanilla|Single-Origin|Classic"],
        materials: ["Arabica", "Jasmine", "Lemon", "Single-Origin", "Cold-Pressed"],
        audience: ["slow mornings", "the office", "weekend brunch"],
      },
    ],
  },
  {
    name: "Jewelry & Watches",
    slug: "jewelry-watches",
    weight: 8,
    shopNoun: "Jewelers",
    adjectives: ["Elegant", "Minimal", "Vintage", "Dainty", "Bold", "Timeless"],
    audience: ["special occasions", "everyday elegance", "anniversaries", "gifting", "stacking and layering"],
    features: [
      "Hypoallergenic and nickel-free, safe for sensitive skin.",
      "Hand-finished by our jewellers and polished to a mirror shine.",
      "Arrives in a presentation box, ready to gift.",
    ],
    subs: [
      {
        name: "Rings", slug: "rings", price: [1499, 24999], unit: "pcs",
        nouns: ["Ring", "Stacking Ring", "Signet Ring"], materials: ["Sterling Silver", "Gold-Plated", "Rose Gold", "Titanium"],
      },
      {
        name: "Necklaces", slug: "necklaces", price: [1999, 29999], unit: "pcs",
        nouns: ["Pendant Necklace", "Chain Necklace", "Locket"], materials: ["Sterling Silver", "Gold-Plated", "Pearl", "Rose Gold"],
      },
      {
        name: "Watches", slug: "watches", price: [4999, 59999], options: ["colors"], unit: "pcs",
        nouns: ["Wristwatch", "Chronograph", "Dive Watch", "Dress Watch"], materials: ["Stainless Steel", "Leather-Strap", "Automatic", "Solar"],
        features: ["Water resistant to 50 m for everyday wear."],
      },
      {
        name: "Earrings", slug: "earrings", price: [999, 14999], unit: "pair",
        nouns: ["Stud Earrings", "Hoop Earrings", "Drop Earrings"], materials: ["Sterling Silver", "Gold-Plated", "Pearl", "Crystal"],
      },
    ],
  },
  {
    name: "Software & Apps",
    slug: "software-apps",
    digital: true,
    weight: 3,
    shopNoun: "Software",
    adjectives: ["Pro", "Studio", "Cloud", "Smart", "Ultimate", "Essential"],
    audience: ["freelancers", "small teams", "home users", "students", "power users"],
    features: [
      "Instant download after payment; your licence key appears in your account.",
      "Runs on Windows, macOS and Linux.",
      "Includes free updates for the licence period.",
      "Email support from the developer is included.",
    ],
    subs: [
      {
        name: "Productivity", slug: "productivity-software", price: [999, 19999], pattern: "{adj} {noun} ({mat})",
        nouns: ["Office Suite", "Note-Taking App", "Task Manager", "PDF Editor", "Calendar Planner"],
        materials: ["Annual Licence", "Lifetime Licence", "Family Plan", "Team Edition"],
      },
      {
        name: "Design Tools", slug: "design-tools", price: [1999, 29999], pattern: "{adj} {noun} ({mat})",
        nouns: ["Photo Editor", "Vector Illustrator", "3D Modeler", "Font Manager", "Video Editor"],
        materials: ["Annual Licence", "Lifetime Licence", "Student Edition"],
      },
      {
        name: "Security", slug: "security-software", price: [1499, 9999], pattern: "{adj} {noun} ({mat})",
        nouns: ["Antivirus", "VPN", "Password Manager", "Backup Suite", "Firewall"],
        materials: ["1 Device", "3 Devices", "5 Devices", "Family Plan"],
      },
      {
        name: "PC Games", slug: "pc-games", price: [999, 6999], pattern: "{adj} {noun} ({mat})",
        adjectives: ["Starfall", "Pixel", "Iron", "Neon", "Skyward", "Hollow"],
        nouns: ["Adventure", "Racing", "Tactics", "City Builder", "Platformer"],
        materials: ["Standard Edition", "Deluxe Edition", "Complete Edition"],
      },
    ],
  },
  {
    name: "Music & Media",
    slug: "music-media",
    digital: true,
    weight: 3,
    shopNoun: "Media",
    adjectives: ["Midnight", "Golden", "Electric", "Velvet", "Northern", "Summer"],
    audience: ["your commute", "late-night listening", "lifelong learners", "study sessions", "road trips"],
    features: [
      "Delivered as a high-quality download you can keep forever.",
      "DRM-free files that play on all your devices.",
      "Download links stay available in your account.",
    ],
    subs: [
      {
        name: "Music Albums", slug: "music-albums", price: [699, 1999], pattern: "{adj} {noun} ({mat})",
        nouns: ["Sessions", "Echoes", "Skylines", "Grooves", "Lullabies", "Anthems"], materials: ["Digital Album", "Hi-Res Album", "EP"],
        features: ["Includes a digital booklet with liner notes."],
      },
      {
        name: "Audiobooks", slug: "audiobooks", price: [999, 2999], pattern: "The {adj} {noun} ({mat})",
        adjectives: ["Silent", "Hidden", "Last", "Distant", "Wild", "Painted"],
        nouns: ["Harbor", "Voyage", "Garden", "Empire", "Letters"], materials: ["Unabridged Audiobook", "Audiobook"],
      },
      {
        name: "E-books", slug: "e-books", price: [499, 1999], pattern: "The {adj} {noun} ({mat})",
        adjectives: ["Beginner's", "Complete", "Practical", "Visual", "Quick-Start"],
        nouns: ["Guide to Photography", "Python Handbook", "Guide to Sourdough", "Budgeting Workbook", "Gardening Manual"],
        materials: ["E-book", "PDF Edition", "EPUB Edition"],
      },
      {
        name: "Video Courses", slug: "video-courses", price: [1999, 14999], pattern: "{adj} {noun} {mat}",
        adjectives: ["Complete", "Hands-On", "Essential", "Advanced", "Beginner"],
        nouns: ["Watercolour Painting", "Web Development", "Home Cooking", "Guitar", "Digital Marketing"],
        materials: ["Video Course", "Masterclass", "Bootcamp"],
      },
    ],
  },
];

export const BRANDS = [
  "Northwind", "Aurora", "Vertex", "Lumina", "Kestrel", "Orchid & Oak", "Solace", "Brightline",
  "Terra", "Zenith", "Maple Row", "Cobalt", "Ember", "Halcyon", "Pinecrest",
] as const;

export const COLORS: ReadonlyArray<readonly [string, string]> = [
  ["Black", "#111827"], ["White", "#ffffff"], ["Red", "#dc2626"], ["Blue", "#2563eb"], ["Green", "#16a34a"],
  ["Yellow", "#facc15"], ["Navy", "#1e3a8a"], ["Grey", "#6b7280"], ["Pink", "#ec4899"], ["Brown", "#92400e"],
  ["Beige", "#e7d8c9"],
];

export const CLOTHING_SIZES = ["S", "M", "L", "XL", "XXL"] as const;
export const SHOE_SIZES = ["38", "39", "40", "41", "42", "43", "44"] as const;
export const UNITS = ["pcs", "kg", "g", "l", "pack", "box", "pair"] as const;

export interface ShopSpec {
  name: string;
  categories: readonly string[];
  /** When set, the shop sells only these sub-categories of its categories. */
  subs?: readonly string[];
  tagline: string;
  city: string;
}

/** The first shops, hand-written; larger seeds generate the rest. */
export const CURATED_SHOPS: readonly ShopSpec[] = [
  { name: "Urban Threads", categories: ["fashion"], tagline: "Everyday clothing and accessories for life in the city.", city: "Brooklyn, NY, USA" },
  { name: "Gadget Grove", categories: ["electronics"], tagline: "Phones, laptops and gadgets, tested before they ship.", city: "Austin, TX, USA" },
  { name: "Page & Quill", categories: ["books"], tagline: "An independent bookshop with staff picks in every genre.", city: "Edinburgh, United Kingdom" },
  { name: "Hearth & Home", categories: ["home-kitchen"], tagline: "Cookware, furniture and décor for a home you love.", city: "Portland, OR, USA" },
  { name: "Glow Botanics", categories: ["beauty"], tagline: "Clean, plant-powered skincare and beauty.", city: "Lyon, France" },
  { name: "Summit Outfitters", categories: ["sports-outdoors", "fashion"], subs: ["fitness", "cycling", "camping", "team-sports", "mens-clothing", "womens-clothing", "fashion-accessories"], tagline: "Gear for trails, gyms and everything between.", city: "Denver, CO, USA" },
  { name: "Tiny Tinkers", categories: ["toys-games"], tagline: "Toys and games that spark curiosity.", city: "Toronto, Canada" },
  { name: "Green Basket Market", categories: ["grocery"], tagline: "Fresh, organic groceries from local farms.", city: "Sacramento, CA, USA" },
  { name: "Pixel Forge Software", categories: ["software-apps"], tagline: "Licensed software and games, delivered instantly.", city: "Berlin, Germany" },
  { name: "Soundwave Media", categories: ["music-media", "electronics"], subs: ["music-albums", "audiobooks", "e-books", "video-courses", "audio"], tagline: "Music, audiobooks, courses and the gear to enjoy them.", city: "Manchester, United Kingdom" },
  { name: "Stride Footwear", categories: ["fashion", "sports-outdoors"], subs: ["shoes", "fashion-accessories", "fitness"], tagline: "Shoes for every step, from sneakers to boots.", city: "Milan, Italy" },
  { name: "Lumen Jewelers", categories: ["jewelry-watches"], tagline: "Fine jewellery and watches, hand-finished.", city: "Dubai, United Arab Emirates" },
];

export const SHOP_PREFIXES = [
  "Maple", "Harbor", "Cedar", "Copper", "Willow", "Bright", "North", "Silver", "Golden", "Bluebird",
  "Red Fox", "Olive", "Sunny", "Lotus", "Atlas", "Juniper", "Coral", "Aspen", "Birch", "Ember",
  "Meadow", "Summit", "River", "Oak", "Pebble", "Saffron", "Indigo", "Velvet", "Anchor", "Lantern",
] as const;

export const SHOP_SUFFIXES = ["", "Co.", "& Sons", "Collective", "House", "Studio", "Depot", "Corner"] as const;

export const CITIES = [
  "Austin, TX, USA", "Seattle, WA, USA", "Chicago, IL, USA", "Miami, FL, USA", "Boston, MA, USA",
  "London, United Kingdom", "Bristol, United Kingdom", "Toronto, Canada", "Vancouver, Canada", "Berlin, Germany",
  "Hamburg, Germany", "Paris, France", "Lyon, France", "Madrid, Spain", "Amsterdam, Netherlands",
  "Riyadh, Saudi Arabia", "Jeddah, Saudi Arabia", "Dubai, United Arab Emirates", "Dhaka, Bangladesh", "Sydney, Australia",
] as const;

export const STREETS = ["Market Street", "High Street", "Maple Avenue", "Station Road", "Harbour Lane", "King Street", "Elm Street", "Park Avenue", "Mill Road", "Garden Way"] as const;

export const FIRST_NAMES = [
  "Olivia", "Liam", "Emma", "Noah", "Ava", "Mateo", "Sophia", "Lucas", "Amelia", "Ethan", "Mia", "Omar",
  "Fatima", "Yusuf", "Aisha", "Hannah", "Chloé", "Hugo", "Léa", "Arjun", "Priya", "Kenji", "Yuki", "Sofia",
  "Diego", "Isabella", "Jamal", "Zara", "Ravi", "Nadia", "Tom", "Grace", "Samuel", "Elena", "Marco", "Leila",
] as const;

export const LAST_NAMES = [
  "Smith", "Johnson", "García", "Martin", "Brown", "Nguyen", "Rahman", "Al-Harbi", "Dubois", "Schmidt",
  "Rossi", "Kowalski", "Tanaka", "Patel", "Okafor", "Haddad", "Silva", "Andersen", "O'Brien", "Cohen",
  "Khan", "Lopez", "Walker", "Moreau", "Hoffmann", "Santos", "Ibrahim", "Chowdhury", "Wilson", "Park",
] as const;

export const REVIEW_TEXTS: Record<1 | 2 | 3 | 4 | 5, readonly string[]> = {
  5: [
    "Absolutely love it, exactly as described.",
    "Excellent quality and fast delivery. Would buy again!",
    "Five stars. The seller answered all my questions quickly.",
    "Better than I expected for the price.",
    "Bought it as a gift and it was a big hit.",
    "Top quality and very well packaged.",
    "Fantastic, I have already recommended it to friends.",
  ],
  4: [
    "Very good overall; delivery took a day longer than expected.",
    "Great value. The box was a little dented but the product is fine.",
    "Works well, would recommend.",
    "Nice quality, just as pictured.",
    "Good product, happy with the purchase.",
  ],
  3: [
    "It's okay. Does the job but nothing special.",
    "Average quality for the price.",
    "Decent, though it looks slightly different from the photos.",
    "Took a while to arrive; the product itself is fine.",
  ],
  2: [
    "Not great, it feels cheaper than I hoped.",
    "Arrived late and the packaging was damaged.",
    "Expected better quality.",
  ],
  1: [
    "Disappointed. It stopped working after a week.",
    "Not as described. I have asked for a return.",
  ],
};

export const DIGITAL_REVIEW_TEXTS: readonly string[] = [
  "The licence key arrived instantly and installation was easy.",
  "Quick download and everything works as promised.",
  "Great value compared with other stores.",
];

/** [name, iso2, phone code] */
export const COUNTRIES: ReadonlyArray<readonly [string, string, string]> = [
  ["United States", "US", "+1"], ["Canada", "CA", "+1"], ["Mexico", "MX", "+52"], ["Brazil", "BR", "+55"],
  ["Argentina", "AR", "+54"], ["Chile", "CL", "+56"], ["Colombia", "CO", "+57"], ["Peru", "PE", "+51"],
  ["United Kingdom", "GB", "+44"], ["Ireland", "IE", "+353"], ["France", "FR", "+33"], ["Germany", "DE", "+49"],
  ["Spain", "ES", "+34"], ["Portugal", "PT", "+351"], ["Italy", "IT", "+39"], ["Netherlands", "NL", "+31"],
  ["Belgium", "BE", "+32"], ["Switzerland", "CH", "+41"], ["Austria", "AT", "+43"], ["Sweden", "SE", "+46"],
  ["Norway", "NO", "+47"], ["Denmark", "DK", "+45"], ["Finland", "FI", "+358"], ["Poland", "PL", "+48"],
  ["Czechia", "CZ", "+420"], ["Greece", "GR", "+30"], ["Turkey", "TR", "+90"], ["Ukraine", "UA", "+380"],
  ["Romania", "RO", "+40"], ["Hungary", "HU", "+36"], ["Saudi Arabia", "SA", "+966"], ["United Arab Emirates", "AE", "+971"],
  ["Qatar", "QA", "+974"], ["Kuwait", "KW", "+965"], ["Bahrain", "BH", "+973"], ["Oman", "OM", "+968"],
  ["Jordan", "JO", "+962"], ["Lebanon", "LB", "+961"], ["Egypt", "EG", "+20"], ["Morocco", "MA", "+212"],
  ["Tunisia", "TN", "+216"], ["Algeria", "DZ", "+213"], ["Nigeria", "NG", "+234"], ["Kenya", "KE", "+254"],
  ["South Africa", "ZA", "+27"], ["Ghana", "GH", "+233"], ["India", "IN", "+91"], ["Pakistan", "PK", "+92"],
  ["Bangladesh", "BD", "+880"], ["Sri Lanka", "LK", "+94"], ["Nepal", "NP", "+977"], ["China", "CN", "+86"],
  ["Japan", "JP", "+81"], ["South Korea", "KR", "+82"], ["Indonesia", "ID", "+62"], ["Malaysia", "MY", "+60"],
  ["Singapore", "SG", "+65"], ["Thailand", "TH", "+66"], ["Vietnam", "VN", "+84"], ["Philippines", "PH", "+63"],
  ["Australia", "AU", "+61"], ["New Zealand", "NZ", "+64"],
];

export const BLOG_CATEGORIES = ["Shopping Guides", "Style & Trends", "Tech Talk", "Home & Living"] as const;

export interface BlogSpec {
  title: string;
  category: number;
  author: string;
  tags: readonly string[];
  summary: string;
  paragraphs: readonly string[];
  /** Category slug the related products come from. */
  related: string;
}

export const BLOGS: readonly BlogSpec[] = [
  {
    title: "How to Spot a Great Deal Online", category: 0, author: "Grace Walker", tags: ["deals", "shopping tips"], related: "electronics",
    summary: "Five simple habits that help you pay less without buying things you do not need.",
    paragraphs: [
      "A discount only matters if you were going to buy the item anyway. Start with a list, then compare the final price including delivery, not the crossed-out one.",
      "Check the shop's rating and recent reviews before you add to cart. A slightly higher price from a seller with fast delivery and easy returns is often the better deal.",
      "Flash sales and store vouchers stack with patience: collect vouchers from shops you like, and keep an eye on the countdown for the next sale.",
    ],
  },
  {
    title: "Capsule Wardrobe: 12 Pieces, Endless Outfits", category: 1, author: "Chloé Dubois", tags: ["fashion", "minimalism"], related: "fashion",
    summary: "Build a small wardrobe that works for every season with a few well-chosen basics.",
    paragraphs: [
      "A capsule wardrobe starts with neutral colours that mix freely: navy, grey, white, beige and one accent colour you love.",
      "Invest in the pieces you wear most, such as a good pair of jeans, a crisp oxford shirt and comfortable leather sneakers, and save on trend items.",
      "Every season, review what you actually wore. Donate what you did not, and replace only what wore out.",
    ],
  },
  {
    title: "Choosing Your Next Laptop: A No-Nonsense Guide", category: 2, author: "Kenji Tanaka", tags: ["laptops", "buying guide"], related: "electronics",
    summary: "Screen, battery, memory and weight: what really matters for the way you work.",
    paragraphs: [
      "Start with how you will use it. For writing, browsing and video calls almost any modern laptop is fast enough; focus on the keyboard, the screen and the battery.",
      "If you edit photos or video, look for at least 16 GB of memory and a bright, colour-accurate display. OLED panels look stunning but can cost battery life.",
      "Weight matters more than you think when you carry it every day. Anything under 1.4 kg feels easy to take along.",
    ],
  },
  {
    title: "Five Kitchen Tools Every Home Cook Needs", category: 3, author: "Marco Rossi", tags: ["kitchen", "cooking"], related: "home-kitchen",
    summary: "Skip the gadgets. These five tools cover nearly everything you will cook.",
    paragraphs: [
      "A sharp chef's knife does more for your cooking than any appliance. Keep it sharp and it will be safer, too.",
      "A heavy cast-iron pan sears, bakes and roasts, and it lasts for generations with a little care. Add a stainless-steel saucepan and a Dutch oven and you can cook almost anything.",
      "Finish the set with a large wooden chopping board and a reliable thermometer, and your kitchen is ready.",
    ],
  },
  {
    title: "The Beginner's Guide to a Simple Skincare Routine", category: 1, author: "Aisha Rahman", tags: ["beauty", "skincare"], related: "beauty",
    summary: "Cleanse, treat, moisturise, protect: a routine that takes five minutes a day.",
    paragraphs: [
      "Good skincare does not need ten steps. A gentle cleanser, one treatment serum, a moisturiser and sunscreen cover the essentials.",
      "Introduce one new product at a time and give it a few weeks; that way you know what works for your skin.",
      "Sunscreen is the step most people skip and the one that matters most. Make it part of your morning, every morning.",
    ],
  },
  {
    title: "Gift Ideas for Every Budget", category: 0, author: "Olivia Smith", tags: ["gifts", "holidays"], related: "toys-games",
    summary: "Thoughtful gifts from independent shops, from small treats to big surprises.",
    paragraphs: [
      "The best gifts show you were listening. A favourite author's new book, a board game for a family that loves game night, or a plush toy for a little one all say that.",
      "Set a budget first and shop from sellers with fast delivery when the date is close. Digital gifts such as courses and audiobooks arrive instantly.",
      "Do not forget the wrapping: many of our shops ship in gift-ready boxes.",
    ],
  },
  {
    title: "Getting Started with Home Workouts", category: 0, author: "Samuel Okafor", tags: ["fitness", "health"], related: "sports-outdoors",
    summary: "A yoga mat, a pair of dumbbells and twenty minutes are all you need.",
    paragraphs: [
      "Consistency beats intensity. Three short sessions a week will do more for you than one exhausting workout you dread.",
      "A good mat, adjustable dumbbells and a resistance band cover strength, mobility and cardio in a small space.",
      "Track your workouts in a notebook or an app and celebrate small wins; they add up quickly.",
    ],
  },
  {
    title: "Why Digital Products Are Worth a Look", category: 2, author: "Priya Patel", tags: ["digital", "software"], related: "software-apps",
    summary: "Software, e-books and courses you can use minutes after you buy them.",
    paragraphs: [
      "Digital products arrive the moment your payment is confirmed: your licence key and download link appear in your account.",
      "Many creators sell directly through the marketplace, so you support them while getting a fair price.",
      "Keep your licence keys in one place. You can always find them again under My Digital Products.",
    ],
  },
  {
    title: "Styling Small Spaces", category: 3, author: "Léa Moreau", tags: ["home decor", "interiors"], related: "home-kitchen",
    summary: "Mirrors, multi-purpose furniture and a calm palette make a small room feel bigger.",
    paragraphs: [
      "Light colours on the walls and a large mirror opposite the window bounce daylight around a small room.",
      "Choose furniture that earns its space: a side table with storage, a bookshelf that doubles as a room divider, stools that tuck away.",
      "Finish with a few plants and one statement piece rather than many small ones; clutter shrinks a room faster than anything.",
    ],
  },
  {
    title: "Our Favourite Reads This Season", category: 1, author: "Hannah Cohen", tags: ["books", "reading list"], related: "books",
    summary: "Staff picks from the independent bookshops on Bazaar.",
    paragraphs: [
      "This season our booksellers fell for quiet literary fiction, sweeping family sagas and a few excellent graphic novels.",
      "If you want something to read in one sitting, pick a short novel; for a long holiday, go for a trilogy.",
      "Audiobooks count too: many titles are available as instant downloads for your commute.",
    ],
  },
  {
    title: "Smartwatches Compared: What to Look For", category: 2, author: "Lucas Silva", tags: ["wearables", "buying guide"], related: "electronics",
    summary: "Battery life, sensors and comfort: choosing a watch you will actually wear.",
    paragraphs: [
      "Battery life varies from one day to two weeks. If you want sleep tracking, pick a watch that lasts several days on one charge.",
      "GPS and heart-rate sensors are standard now; look for accurate readings in independent reviews rather than long feature lists.",
      "Comfort wins in the end. A lighter case and a soft strap make the difference between a watch you wear and one in a drawer.",
    ],
  },
  {
    title: "Eating Well on a Budget", category: 3, author: "Omar Haddad", tags: ["grocery", "cooking"], related: "grocery",
    summary: "Plan, buy staples in bulk and cook once for two meals.",
    paragraphs: [
      "Plan the week's meals around a few staples: rice, pasta, beans, seasonal vegetables and good olive oil.",
      "Buy pantry items in larger packs when they are on offer and store them well; fresh produce is best bought little and often.",
      "Cook once, eat twice: a big pot of soup or curry makes tomorrow's lunch, too.",
    ],
  },
];

export const BLOG_CLOSING = [
  "Browse the shops mentioned in this article on Bazaar, and let us know what you think in the reviews.",
  "Have a tip we missed? Tell us through the support page and we may feature it in a future post.",
  "Happy shopping, and see you in the next article.",
] as const;

export const LEGAL_PAGES: ReadonlyArray<{ slug: string; title: string; paragraphs: readonly string[] }> = [
  {
    slug: "terms-and-conditions",
    title: "Terms & Conditions",
    paragraphs: [
      "These terms govern your use of the Bazaar marketplace. By creating an account or placing an order you agree to them.",
      "Bazaar is a marketplace: each product is sold by the shop named on its page, which is responsible for the product, its description and its delivery.",
      "Prices are shown in your chosen currency for convenience and are charged in the default currency of the marketplace. Coupons apply only under the conditions shown with them.",
      "We may suspend accounts that misuse the service. These terms are governed by the laws of the place where Bazaar is registered.",
    ],
  },
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    paragraphs: [
      "We collect only the information needed to run your account and deliver your orders: your name, contact details, addresses and order history.",
      "Shops receive the details they need to fulfil your order. We never sell your personal data.",
      "We use essential cookies to keep you signed in and to remember your cart, language and currency.",
      "You can update or delete your account information at any time from your profile, or contact us for a copy of your data.",
    ],
  },
  {
    slug: "return-policy",
    title: "Return Policy",
    paragraphs: [
      "You can request a return for delivered items within the return window shown on your order, from the order details page.",
      "Items must be unused and in their original packaging. Digital products cannot be returned once the licence key or download has been used.",
      "Once the shop approves the return and receives the item, the refund is sent to the bank account you provided.",
    ],
  },
  {
    slug: "about-us",
    title: "About Us",
    paragraphs: [
      "Bazaar brings independent shops together in one friendly marketplace, from fashion and electronics to groceries and digital downloads.",
      "We believe small sellers deserve great tools, and shoppers deserve fair prices, honest reviews and reliable delivery.",
      "Our team works across three continents and speaks English, Arabic and French. We are always happy to hear from you.",
    ],
  },
  {
    slug: "shipping-policy",
    title: "Shipping Policy",
    paragraphs: [
      "Each shop sets its own delivery charge and estimated delivery time; both are shown on the product page and at checkout.",
      "Orders from several shops are delivered separately, so you may receive more than one parcel.",
      "Digital products are delivered instantly to your account after payment.",
    ],
  },
];

import type { Db } from '../server/src/db/db';

/** Words that make varied, searchable titles and authors for a large shop. */
const ADJECTIVES = ['Silent', 'Hidden', 'Broken', 'Golden', 'Last', 'Lost', 'Secret', 'Burning', 'Frozen', 'Wild',
  'Quiet', 'Distant', 'Crimson', 'Endless', 'Forgotten', 'Little', 'Great', 'Dark', 'Bright', 'Ancient',
  'Modern', 'Practical', 'Complete', 'Curious', 'Invisible', 'Shattered', 'Gentle', 'Restless', 'Northern', 'Southern'];
const NOUNS = ['River', 'Garden', 'Empire', 'Kingdom', 'Harbor', 'Mountain', 'Library', 'Voyage', 'Machine', 'Orchard',
  'Compass', 'Lantern', 'Forest', 'Island', 'Winter', 'Summer', 'Archive', 'Cathedral', 'Algorithm', 'Galaxy',
  'Republic', 'Theory', 'Atlas', 'Chronicle', 'Mirror', 'Storm', 'Shadow', 'Painter', 'Physician', 'Sailor',
  'Detective', 'Engineer', 'Gardener', 'Cartographer', 'Alchemist', 'Weaver', 'Stranger', 'Soldier', 'Child', 'Queen'];
const TOPICS = ['of Time', 'of the North', 'at Midnight', 'in Winter', 'of Glass', 'and the Sea', 'of Numbers',
  'of Stars', 'for Beginners', 'in Practice', 'of Memory', 'and Fire', 'of the Deep', 'of Light', 'Returns'];
const FIRST = ['Ada', 'Ben', 'Clara', 'David', 'Elena', 'Farid', 'Grace', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Liam',
  'Maya', 'Nora', 'Omar', 'Priya', 'Quentin', 'Rosa', 'Samuel', 'Tara', 'Umar', 'Vera', 'Wen', 'Yusuf', 'Zoe'];
const LAST = ['Abbott', 'Brennan', 'Castillo', 'Dubois', 'Eriksen', 'Fischer', 'Gallagher', 'Hoffmann', 'Ivanova',
  'Jensen', 'Kowalski', 'Lindqvist', 'Moreau', 'Nakamura', 'Okafor', 'Petrov', 'Quinn', 'Rossi', 'Sato',
  'Tanaka', 'Underwood', 'Varga', 'Whitaker', 'Xu', 'Yamamoto', 'Zielinski'];
const CITIES = ['Boston', 'Chicago', 'Denver', 'Austin', 'Seattle', 'Portland', 'Miami', 'Atlanta', 'Phoenix',
  'Dallas', 'San Diego', 'Minneapolis', 'Cambridge', 'New York', 'Philadelphia', 'Providence', 'Tucson'];
export const CATEGORIES = ['fiction', 'science', 'history', 'children', 'programming'];

const sqlArray = (values: string[]) => `array[${values.map((value) => `'${value.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (values: string[], expression: string) => `(${sqlArray(values)})[1 + ((${expression}) % ${values.length})]`;

/**
 * Adds `books` books for sale and `sellers` sellers to a migrated, seeded database, in a few
 * set-based statements. Deterministic: the same counts give the same shop. One book in 50 has an
 * ISBN (978 + its number, zero-padded).
 */
export async function generateShop(db: Db, { books, sellers }: { books: number; sellers: number }): Promise<void> {
  await db.query(
    `insert into users (id, name, email, role, firebase_uid)
     select lpad(to_hex(g), 24, '0'), ${pick(FIRST, 'g')} || ' ' || ${pick(LAST, 'g * 7')},
            'seller' || g || '@bench.test', case when g % 5 = 0 then 'admin' else 'seller' end, 'bench-uid-' || g
     from generate_series(1, $1::int) g`,
    [sellers],
  );
  await db.query(
    `insert into books (id, category, name, img, location, resale_price_cents, orginal_price_cents, seller_id,
       seller_email, seller_name, number, uses, date, condition, description, author, isbn, created_at)
     select lpad(to_hex(16777216 + g), 24, '0'), ${pick(CATEGORIES, 'g')},
            'The ' || ${pick(ADJECTIVES, 'g * 7')} || ' ' || ${pick(NOUNS, 'g * 13')} || ' ' || ${pick(TOPICS, 'g * 3')},
            '/image-host/i/category-' || ${pick(CATEGORIES, 'g')} || '.svg', ${pick(CITIES, 'g * 11')},
            100 + (g * 37) % 4900, 500 + (g * 53) % 9500, lpad(to_hex(1 + g % $2::int), 24, '0'),
            'seller' || (1 + g % $2::int) || '@bench.test', 'Seller ' || (1 + g % $2::int), '+1 555 0199',
            (1 + g % 9) || ' years', '2026-01-01', ${pick(['Excillent', 'Good', 'Fair'], 'g')},
            'A used copy, generated for the benchmark.',
            ${pick(FIRST, 'g * 5')} || ' ' || ${pick(LAST, 'g * 17')},
            case when g % 50 = 0 then '978' || lpad(g::text, 10, '0') end,
            now() - g * interval '1 minute'
     from generate_series(1, $1::int) g`,
    [books, sellers],
  );
  await db.exec('analyze books; analyze users;');
}

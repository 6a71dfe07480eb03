import type { Queryable } from '../db/db';

export interface Category {
  id: string;
  name: string;
  category_id: string;
  category: string;
  img: string;
}

export function categoriesRepository(db: Queryable) {
  return {
    list(): Promise<Category[]> {
      return db.query<Category>(
        'select id, name, category_id, category, img from categories order by position, id',
      );
    },

    async exists(category: string): Promise<boolean> {
      const rows = await db.query('select 1 from categories where category = $1', [category]);
      return rows.length > 0;
    },

    async first(): Promise<Category | undefined> {
      return (await this.list())[0];
    },

    async isEmpty(): Promise<boolean> {
      return (await db.query('select 1 from categories limit 1')).length === 0;
    },

    async insert(category: Category & { position: number }): Promise<void> {
      await db.query(
        `insert into categories (id, name, category_id, category, img, position)
         values ($1, $2, $3, $4, $5, $6)`,
        [category.id, category.name, category.category_id, category.category, category.img, category.position],
      );
    },
  };
}

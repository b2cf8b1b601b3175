-- +goose Up
-- Issue 25 (item 10): a renamed city is shown under its current name
-- (internal/india/renamed.go). The dataset spelt three cities the old way,
-- and forms stored them so: Cochin, Allahabad and Shimoga become Kochi,
-- Prayagraj and Shivamogga wherever they are stored, with the match key,
-- and search text that finds them under both names. The other renamed
-- cities were never stored under a former name (forms refused it). Keep the
-- twin in step.
UPDATE users SET city = 'Kochi' WHERE state = 'Kerala' AND city = 'Cochin';
UPDATE properties SET city = 'Kochi', city_key = 'kochi', search_text = REPLACE(search_text, 'cochin', 'kochi cochin') WHERE city_key = 'cochin';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Cochin"', '"Kochi"'), search_text = REPLACE(search_text, 'cochin', 'kochi cochin')
    WHERE preferred_state = 'Kerala' AND preferred_cities LIKE '%"Cochin"%';
UPDATE requirement_targets SET city_key = 'kochi' WHERE city_key = 'cochin';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Cochin"', '"Kochi"') WHERE target_cities LIKE '%"Cochin"%';
UPDATE users SET city = 'Prayagraj' WHERE state = 'Uttar Pradesh' AND city = 'Allahabad';
UPDATE properties SET city = 'Prayagraj', city_key = 'prayagraj', search_text = REPLACE(search_text, 'allahabad', 'prayagraj allahabad') WHERE city_key = 'allahabad';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Allahabad"', '"Prayagraj"'), search_text = REPLACE(search_text, 'allahabad', 'prayagraj allahabad')
    WHERE preferred_state = 'Uttar Pradesh' AND preferred_cities LIKE '%"Allahabad"%';
UPDATE requirement_targets SET city_key = 'prayagraj' WHERE city_key = 'allahabad';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Allahabad"', '"Prayagraj"') WHERE target_cities LIKE '%"Allahabad"%';
UPDATE users SET city = 'Shivamogga' WHERE state = 'Karnataka' AND city = 'Shimoga';
UPDATE properties SET city = 'Shivamogga', city_key = 'shivamogga', search_text = REPLACE(search_text, 'shimoga', 'shivamogga shimoga') WHERE city_key = 'shimoga';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Shimoga"', '"Shivamogga"'), search_text = REPLACE(search_text, 'shimoga', 'shivamogga shimoga')
    WHERE preferred_state = 'Karnataka' AND preferred_cities LIKE '%"Shimoga"%';
UPDATE requirement_targets SET city_key = 'shivamogga' WHERE city_key = 'shimoga';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Shimoga"', '"Shivamogga"') WHERE target_cities LIKE '%"Shimoga"%';

-- Issue 25 (item 14): analytics lists an agent's newest listings and
-- requirements by the date it shows.
CREATE INDEX properties_agent_created ON properties (agent_id, created_at);
CREATE INDEX requirements_agent_created ON requirements (agent_id, created_at);

-- +goose Down
DROP INDEX requirements_agent_created;
DROP INDEX properties_agent_created;
UPDATE users SET city = 'Cochin' WHERE state = 'Kerala' AND city = 'Kochi';
UPDATE properties SET city = 'Cochin', city_key = 'cochin', search_text = REPLACE(search_text, 'kochi cochin', 'cochin') WHERE city_key = 'kochi';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Kochi"', '"Cochin"'), search_text = REPLACE(search_text, 'kochi cochin', 'cochin')
    WHERE preferred_state = 'Kerala' AND preferred_cities LIKE '%"Kochi"%';
UPDATE requirement_targets SET city_key = 'cochin' WHERE city_key = 'kochi';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Kochi"', '"Cochin"') WHERE target_cities LIKE '%"Kochi"%';
UPDATE users SET city = 'Allahabad' WHERE state = 'Uttar Pradesh' AND city = 'Prayagraj';
UPDATE properties SET city = 'Allahabad', city_key = 'allahabad', search_text = REPLACE(search_text, 'prayagraj allahabad', 'allahabad') WHERE city_key = 'prayagraj';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Prayagraj"', '"Allahabad"'), search_text = REPLACE(search_text, 'prayagraj allahabad', 'allahabad')
    WHERE preferred_state = 'Uttar Pradesh' AND preferred_cities LIKE '%"Prayagraj"%';
UPDATE requirement_targets SET city_key = 'allahabad' WHERE city_key = 'prayagraj';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Prayagraj"', '"Allahabad"') WHERE target_cities LIKE '%"Prayagraj"%';
UPDATE users SET city = 'Shimoga' WHERE state = 'Karnataka' AND city = 'Shivamogga';
UPDATE properties SET city = 'Shimoga', city_key = 'shimoga', search_text = REPLACE(search_text, 'shivamogga shimoga', 'shimoga') WHERE city_key = 'shivamogga';
UPDATE requirements SET preferred_cities = REPLACE(preferred_cities, '"Shivamogga"', '"Shimoga"'), search_text = REPLACE(search_text, 'shivamogga shimoga', 'shimoga')
    WHERE preferred_state = 'Karnataka' AND preferred_cities LIKE '%"Shivamogga"%';
UPDATE requirement_targets SET city_key = 'shimoga' WHERE city_key = 'shivamogga';
UPDATE advertisements SET target_cities = REPLACE(target_cities, '"Shivamogga"', '"Shimoga"') WHERE target_cities LIKE '%"Shivamogga"%';

CREATE TABLE `order_status_counts` (
	`status` text NOT NULL,
	`shard` integer NOT NULL,
	`count` integer NOT NULL,
	PRIMARY KEY(`status`, `shard`)
);
--> statement-breakpoint
INSERT INTO `order_status_counts` (`status`, `shard`, `count`) SELECT `status`, 0, count(*) FROM `orders` GROUP BY `status`;
--> statement-breakpoint
CREATE TRIGGER `orders_status_count_insert` AFTER INSERT ON `orders` BEGIN
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_delete` AFTER DELETE ON `orders` BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
END;--> statement-breakpoint
CREATE TRIGGER `orders_status_count_update` AFTER UPDATE OF status ON `orders` WHEN old.status IS NOT new.status BEGIN
  UPDATE order_status_counts SET count = count - 1 WHERE status = old.status AND shard = 0;
  INSERT INTO order_status_counts (status, shard, count) VALUES (new.status, 0, 1) ON CONFLICT (status, shard) DO UPDATE SET count = count + 1;
END;

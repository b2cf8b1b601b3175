package demo

// Indian given names and surnames, by region, for agents and clients.
var (
	maleNames = splitList("Aarav, Aditya, Ajay, Akash, Amit, Anand, Anil, Ankit, Arjun, Arun, Ashok, Deepak, Dinesh, Gaurav, Harish, " +
		"Karthik, Kiran, Krishna, Manish, Manoj, Mohit, Nikhil, Nitin, Pankaj, Pradeep, Prakash, Pranav, Rahul, Rajesh, Rakesh, " +
		"Ramesh, Ravi, Rohit, Sachin, Sandeep, Sanjay, Santosh, Saurabh, Siddharth, Sunil, Suresh, Tarun, Varun, Vijay, Vikram, " +
		"Vinay, Vishal, Vivek, Yash, Abhishek, Naveen, Srinivas, Venkatesh, Mahesh, Ganesh, Imran, Faisal, Harpreet, Gurpreet, Joseph")
	femaleNames = splitList("Aarti, Aditi, Aishwarya, Anjali, Ananya, Anita, Bhavna, Deepa, Divya, Geeta, Isha, Jyoti, Kavita, Kavya, " +
		"Lakshmi, Meena, Megha, Neha, Nisha, Pooja, Preeti, Priya, Radha, Rashmi, Rekha, Ritu, Sakshi, Sangeeta, Shalini, Shreya, " +
		"Shruti, Simran, Sneha, Sonal, Sunita, Swati, Tanvi, Usha, Vandana, Vidya, Padma, Revathi, Farah, Ayesha, Mary, Harleen")

	surnames = map[string][]string{
		"north": splitList("Sharma, Verma, Gupta, Singh, Agarwal, Jain, Kapoor, Malhotra, Chopra, Bansal, Mittal, Saxena, Srivastava, Tiwari, Mishra, Pandey, Chauhan, Yadav, Arora, Khanna, Sethi, Bhatia"),
		"west":  splitList("Patil, Deshmukh, Kulkarni, Joshi, Shah, Patel, Mehta, Desai, Pawar, Jadhav, Shinde, Gokhale, Parekh, Thakkar, Modi, Naik, Sawant, Kamat"),
		"south": splitList("Reddy, Rao, Naidu, Iyer, Iyengar, Nair, Menon, Pillai, Gowda, Shetty, Hegde, Krishnan, Subramanian, Raman, Varma, Kumar, Chowdary, Murthy, Bhat, Kurup"),
		"east":  splitList("Banerjee, Chatterjee, Das, Ghosh, Mukherjee, Bose, Sen, Roy, Dutta, Sinha, Mohanty, Patnaik, Barua, Saikia, Mahato, Jha"),
	}

	// regionOf groups states for surnames; unlisted states use "north".
	regionOf = map[string]string{
		"Maharashtra": "west", "Gujarat": "west", "Goa": "west", "Rajasthan": "north",
		"Karnataka": "south", "Telangana": "south", "Andhra Pradesh": "south", "Tamil Nadu": "south", "Kerala": "south", "Puducherry": "south",
		"West Bengal": "east", "Odisha": "east", "Assam": "east", "Bihar": "east", "Jharkhand": "east", "Tripura": "east",
		"Meghalaya": "east", "Sikkim": "east", "Mizoram": "east", "Nagaland": "east", "Arunachal Pradesh": "east",
	}

	agencyWords   = splitList("Realty, Properties, Estates, Homes, Realtors, Property Consultants, Infra, Land Links")
	emailDomains  = splitList("gmail.com, yahoo.co.in, outlook.com, rediffmail.com, hotmail.com")
	specialNeeds  = splitList("Vastu compliant, East facing preferred, Near metro station, Pet friendly, Ready to move in, Gated community, Close to good schools, Covered parking needed, Home loan pre-approved, Near IT park, Corner unit preferred, Ground floor for elderly parents")
	clientNotes   = splitList("Client is relocating for work, Wants to close within the quarter, Second home investment, Budget is firm, Prefers resale over new launch, NRI client - video tours please, Site visits only on weekends")
	projectFirst  = splitList("Sunrise, Green, Lake, Royal, Silver, Golden, Palm, Emerald, Orchid, Prestige, Skyline, Harmony, Shanti, Sai, Lotus, Park, River, Metro, Urban, Crystal")
	projectSecond = splitList("Heights, Meadows, Residency, Enclave, Towers, Gardens, Vista, Greens, Paradise, Apartments, Court, Park, Avenue, Homes, Springs")
	facings       = splitList("East, North, North-East, West, South, North-West, South-East")
	crops         = []string{"Sugarcane, paddy", "Cotton", "Groundnut, millets", "Mango orchard", "Coconut plantation", "Wheat, mustard", "Vegetables", "Soybean, gram", "Turmeric", "Banana plantation", "Fallow for two years"}
)
